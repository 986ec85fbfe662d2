/** The two content pages ('More'), in every language. */
import type { Fixture } from '../fixture.ts';
import { PAGES } from '../seed-ids.ts';

const link = (href: string, text: string) => `<a href="${href}">${text}</a>`;
const phone = link('tel:+3225550100', '+32 2 555 01 00');
const mail = link('mailto:support@vigil.example', 'support@vigil.example');

export const PAGES_SEED: NonNullable<Fixture['pages']> = [
  {
    uuid: PAGES.contact,
    title: {
      en: 'Contact & support',
      de: 'Kontakt & Support',
      fr: 'Contact et assistance',
      nl: 'Contact & ondersteuning',
      it: 'Contatti e assistenza',
      es: 'Contacto y soporte',
    },
    body_html: {
      en: `<p>Our control room is staffed <b>24 hours a day, 7 days a week</b>.</p><p>For an emergency at one of your sites call ${phone}. For questions about the portal write to ${mail}; we answer within <i>one working day</i>.</p>`,
      de: `<p>Unsere Leitstelle ist <b>rund um die Uhr, 7 Tage die Woche</b> besetzt.</p><p>Bei einem Notfall an einem Ihrer Standorte rufen Sie ${phone} an. Fragen zum Portal senden Sie an ${mail}; wir antworten innerhalb <i>eines Werktags</i>.</p>`,
      fr: `<p>Notre centrale est occupée <b>24 heures sur 24, 7 jours sur 7</b>.</p><p>En cas d'urgence sur l'un de vos sites, appelez le ${phone}. Pour toute question sur le portail, écrivez à ${mail} ; nous répondons sous <i>un jour ouvrable</i>.</p>`,
      nl: `<p>Onze meldkamer is <b>24 uur per dag, 7 dagen per week</b> bemand.</p><p>Bel bij een noodgeval op een van uw locaties ${phone}. Vragen over het portaal stuurt u naar ${mail}; we antwoorden binnen <i>één werkdag</i>.</p>`,
      it: `<p>La nostra centrale operativa è attiva <b>24 ore su 24, 7 giorni su 7</b>.</p><p>Per un'emergenza in uno dei vostri siti chiamate il ${phone}. Per domande sul portale scrivete a ${mail}; rispondiamo entro <i>un giorno lavorativo</i>.</p>`,
      es: `<p>Nuestra central está atendida <b>las 24 horas, los 7 días de la semana</b>.</p><p>Ante una emergencia en una de sus sedes llame al ${phone}. Para preguntas sobre el portal escriba a ${mail}; respondemos en <i>un día laborable</i>.</p>`,
    },
  },
  {
    uuid: PAGES.serviceLevels,
    title: {
      en: 'Service levels',
      de: 'Service-Level',
      fr: 'Niveaux de service',
      nl: 'Serviceniveaus',
      it: 'Livelli di servizio',
      es: 'Niveles de servicio',
    },
    body_html: {
      en: '<p><b>Alarm handling:</b> an operator looks at every alarm within <span>60 seconds</span>.</p><p><b>Camera availability:</b> 99.5% per month; you get a notification when a camera is offline for more than 15 minutes.</p><p>Read the full agreement on <a href="https://vigil.example/sla">vigil.example/sla</a>.</p>',
      de: '<p><b>Alarmbearbeitung:</b> Jeder Alarm wird innerhalb von <span>60 Sekunden</span> von einem Operator geprüft.</p><p><b>Kameraverfügbarkeit:</b> 99,5 % pro Monat; Sie werden benachrichtigt, wenn eine Kamera länger als 15 Minuten offline ist.</p><p>Die vollständige Vereinbarung finden Sie unter <a href="https://vigil.example/sla">vigil.example/sla</a>.</p>',
      fr: '<p><b>Traitement des alarmes :</b> un opérateur examine chaque alarme en moins de <span>60 secondes</span>.</p><p><b>Disponibilité des caméras :</b> 99,5 % par mois ; vous êtes averti lorsqu’une caméra est hors ligne plus de 15 minutes.</p><p>Lisez le contrat complet sur <a href="https://vigil.example/sla">vigil.example/sla</a>.</p>',
      nl: '<p><b>Alarmafhandeling:</b> een operator bekijkt elk alarm binnen <span>60 seconden</span>.</p><p><b>Beschikbaarheid van camera’s:</b> 99,5% per maand; u krijgt een melding wanneer een camera langer dan 15 minuten offline is.</p><p>Lees de volledige overeenkomst op <a href="https://vigil.example/sla">vigil.example/sla</a>.</p>',
      it: '<p><b>Gestione degli allarmi:</b> un operatore esamina ogni allarme entro <span>60 secondi</span>.</p><p><b>Disponibilità delle telecamere:</b> 99,5% al mese; ricevete una notifica quando una telecamera resta offline per più di 15 minuti.</p><p>Leggete il contratto completo su <a href="https://vigil.example/sla">vigil.example/sla</a>.</p>',
      es: '<p><b>Gestión de alarmas:</b> un operador revisa cada alarma en menos de <span>60 segundos</span>.</p><p><b>Disponibilidad de las cámaras:</b> 99,5 % al mes; recibirá una notificación cuando una cámara esté desconectada más de 15 minutos.</p><p>Lea el acuerdo completo en <a href="https://vigil.example/sla">vigil.example/sla</a>.</p>',
    },
  },
];
