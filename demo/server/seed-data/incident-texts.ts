/**
 * Incident texts in every language, for the seed and the live demo. Placeholders in
 * braces are filled by the generator: {camera}, {site} and {system} are names and stay as
 * their owners wrote them; {outcome} and {action} are one of the phrases below, in the
 * same language; {zone} and {minutes} are numbers.
 */
import type { Fixture } from '../fixture.ts';
import type { SeedLocale } from './notification-texts.ts';

type Text = Record<SeedLocale, string>;
type Severity = NonNullable<Fixture['incidents']>[number]['severity'];
export type IncidentTemplate = { title: Text; description: Text; severities: Severity[] };

export const CAMERA_EVENTS: IncidentTemplate[] = [
  {
    title: {
      en: 'Motion detected at {camera}',
      de: 'Bewegung erkannt bei {camera}',
      fr: 'Mouvement détecté à {camera}',
      nl: 'Beweging gedetecteerd bij {camera}',
      it: 'Movimento rilevato presso {camera}',
      es: 'Movimiento detectado en {camera}',
    },
    description: {
      en: 'Motion was detected by {camera} outside secured hours. The operator reviewed the footage and found {outcome}.',
      de: 'Die Kamera {camera} hat außerhalb der Sicherungszeiten eine Bewegung erkannt. Die Leitstelle hat die Aufnahmen gesichtet. Ergebnis: {outcome}.',
      fr: "La caméra {camera} a détecté un mouvement en dehors des heures de surveillance. L'opérateur a visionné les images et a constaté {outcome}.",
      nl: 'Camera {camera} detecteerde beweging buiten de beveiligde uren. De meldkamer bekeek de beelden en zag {outcome}.',
      it: "La telecamera {camera} ha rilevato un movimento al di fuori delle ore di sorveglianza. L'operatore ha esaminato le immagini e ha rilevato {outcome}.",
      es: 'La cámara {camera} detectó movimiento fuera del horario de vigilancia. El operador revisó las grabaciones y encontró {outcome}.',
    },
    severities: ['low', 'medium'],
  },
  {
    title: {
      en: 'Person detected after hours at {camera}',
      de: 'Person nach Betriebsschluss erkannt bei {camera}',
      fr: 'Personne détectée après la fermeture à {camera}',
      nl: 'Persoon gedetecteerd na sluitingstijd bij {camera}',
      it: 'Persona rilevata fuori orario presso {camera}',
      es: 'Persona detectada fuera de horario en {camera}',
    },
    description: {
      en: 'A person was detected by {camera} while {site} was secured. The operator {action}.',
      de: 'Die Kamera {camera} hat eine Person erkannt, während die Alarmanlage von {site} scharf geschaltet war. Die Leitstelle {action}.',
      fr: "La caméra {camera} a détecté une personne alors que l'alarme de {site} était activée. L'opérateur {action}.",
      nl: 'Camera {camera} detecteerde een persoon terwijl het alarm van {site} ingeschakeld was. De meldkamer {action}.',
      it: "La telecamera {camera} ha rilevato una persona mentre l'allarme di {site} era inserito. L'operatore {action}.",
      es: 'La cámara {camera} detectó a una persona mientras la alarma de {site} estaba activada. El operador {action}.',
    },
    severities: ['medium', 'high'],
  },
  {
    title: {
      en: 'Perimeter breach near {camera}',
      de: 'Perimeterverletzung nahe {camera}',
      fr: 'Intrusion périmétrique près de {camera}',
      nl: 'Perimeterinbreuk bij {camera}',
      it: 'Violazione del perimetro vicino a {camera}',
      es: 'Intrusión perimetral cerca de {camera}',
    },
    description: {
      en: 'The video analytics of {system} reported a line crossing near {camera}. The operator {action}.',
      de: 'Die Videoanalyse von {system} hat nahe {camera} eine Linienüberschreitung gemeldet. Die Leitstelle {action}.',
      fr: "L'analyse vidéo de {system} a signalé un franchissement de ligne près de {camera}. L'opérateur {action}.",
      nl: 'De videoanalyse van {system} meldde een lijnoverschrijding bij {camera}. De meldkamer {action}.',
      it: "L'analisi video di {system} ha segnalato un attraversamento di linea vicino a {camera}. L'operatore {action}.",
      es: 'La analítica de vídeo de {system} informó de un cruce de línea cerca de {camera}. El operador {action}.',
    },
    severities: ['high', 'critical'],
  },
  {
    title: {
      en: 'Door forced open at {camera}',
      de: 'Tür aufgebrochen bei {camera}',
      fr: 'Porte forcée à {camera}',
      nl: 'Deur geforceerd bij {camera}',
      it: 'Porta forzata presso {camera}',
      es: 'Puerta forzada en {camera}',
    },
    description: {
      en: 'The door contact near {camera} reported a forced opening. The operator {action}.',
      de: 'Der Türkontakt bei {camera} hat ein gewaltsames Öffnen gemeldet. Die Leitstelle {action}.',
      fr: "Le contact de porte près de {camera} a signalé une ouverture forcée. L'opérateur {action}.",
      nl: 'Het deurcontact bij {camera} meldde een geforceerde opening. De meldkamer {action}.',
      it: "Il contatto porta vicino a {camera} ha segnalato un'apertura forzata. L'operatore {action}.",
      es: 'El contacto de la puerta junto a {camera} informó de una apertura forzada. El operador {action}.',
    },
    severities: ['high', 'critical'],
  },
  {
    title: {
      en: 'Vehicle in restricted zone at {camera}',
      de: 'Fahrzeug im Sperrbereich bei {camera}',
      fr: 'Véhicule en zone interdite à {camera}',
      nl: 'Voertuig in verboden zone bij {camera}',
      it: 'Veicolo in zona vietata presso {camera}',
      es: 'Vehículo en zona restringida en {camera}',
    },
    description: {
      en: 'A vehicle stopped in a restricted zone watched by {camera} for more than five minutes. The operator found {outcome}.',
      de: 'Ein Fahrzeug stand länger als fünf Minuten in einem Sperrbereich, den die Kamera {camera} überwacht. Die Leitstelle hat die Lage geprüft. Ergebnis: {outcome}.',
      fr: "Un véhicule s'est arrêté plus de cinq minutes dans une zone interdite surveillée par la caméra {camera}. L'opérateur a constaté {outcome}.",
      nl: 'Een voertuig stond langer dan vijf minuten stil in een verboden zone die camera {camera} bewaakt. De meldkamer controleerde de beelden en zag {outcome}.',
      it: "Un veicolo è rimasto fermo per più di cinque minuti in una zona vietata sorvegliata dalla telecamera {camera}. L'operatore ha verificato e ha rilevato {outcome}.",
      es: 'Un vehículo permaneció detenido más de cinco minutos en una zona restringida vigilada por la cámara {camera}. El operador lo comprobó y encontró {outcome}.',
    },
    severities: ['low', 'medium'],
  },
  {
    title: {
      en: 'Loitering detected near {camera}',
      de: 'Verdächtiger Aufenthalt nahe {camera}',
      fr: 'Rôdeur détecté près de {camera}',
      nl: 'Rondhangen gedetecteerd bij {camera}',
      it: 'Stazionamento sospetto vicino a {camera}',
      es: 'Merodeo detectado cerca de {camera}',
    },
    description: {
      en: 'Someone stayed near {camera} for more than ten minutes. The operator {action}.',
      de: 'Jemand hielt sich länger als zehn Minuten bei {camera} auf. Die Leitstelle {action}.',
      fr: "Quelqu'un est resté plus de dix minutes près de {camera}. L'opérateur {action}.",
      nl: 'Iemand bleef langer dan tien minuten bij {camera} rondhangen. De meldkamer {action}.',
      it: "Una persona è rimasta vicino a {camera} per più di dieci minuti. L'operatore {action}.",
      es: 'Alguien permaneció cerca de {camera} durante más de diez minutos. El operador {action}.',
    },
    severities: ['low', 'medium'],
  },
  {
    title: {
      en: 'Camera tamper alarm: {camera}',
      de: 'Sabotagealarm der Kamera: {camera}',
      fr: 'Alarme de sabotage caméra\u00a0: {camera}',
      nl: 'Sabotagealarm camera: {camera}',
      it: 'Allarme manomissione telecamera: {camera}',
      es: 'Alarma de sabotaje de cámara: {camera}',
    },
    description: {
      en: '{camera} reported that its view was blocked or moved. The operator {action}.',
      de: 'Die Kamera {camera} hat gemeldet, dass ihr Sichtfeld verdeckt oder verstellt wurde. Die Leitstelle {action}.',
      fr: "La caméra {camera} a signalé que son champ de vision était masqué ou déplacé. L'opérateur {action}.",
      nl: 'Camera {camera} meldde dat het beeld afgedekt of verdraaid was. De meldkamer {action}.',
      it: "La telecamera {camera} ha segnalato che la sua inquadratura era oscurata o spostata. L'operatore {action}.",
      es: 'La cámara {camera} informó de que su imagen estaba tapada o desviada. El operador {action}.',
    },
    severities: ['medium', 'high'],
  },
  {
    title: {
      en: 'Video signal lost: {camera}',
      de: 'Videosignal verloren: {camera}',
      fr: 'Perte du signal vidéo\u00a0: {camera}',
      nl: 'Videosignaal weggevallen: {camera}',
      it: 'Segnale video perso: {camera}',
      es: 'Señal de vídeo perdida: {camera}',
    },
    description: {
      en: '{camera} stopped sending images. The connection came back after {minutes} minutes.',
      de: 'Die Kamera {camera} hat keine Bilder mehr gesendet. Nach {minutes} Minuten stand die Verbindung wieder.',
      fr: "La caméra {camera} n'envoyait plus d'images. La connexion est revenue après {minutes} minutes.",
      nl: 'Camera {camera} stuurde geen beelden meer. Na {minutes} minuten was de verbinding hersteld.',
      it: 'La telecamera {camera} ha smesso di inviare immagini. La connessione è tornata dopo {minutes} minuti.',
      es: 'La cámara {camera} dejó de enviar imágenes. La conexión volvió tras {minutes} minutos.',
    },
    severities: ['low'],
  },
  {
    title: {
      en: 'Glass break detected at {camera}',
      de: 'Glasbruch erkannt bei {camera}',
      fr: 'Bris de glace détecté à {camera}',
      nl: 'Glasbreuk gedetecteerd bij {camera}',
      it: 'Rottura vetri rilevata presso {camera}',
      es: 'Rotura de cristal detectada en {camera}',
    },
    description: {
      en: 'An acoustic sensor near {camera} detected breaking glass. The operator {action}.',
      de: 'Ein akustischer Sensor bei {camera} hat Glasbruch erkannt. Die Leitstelle {action}.',
      fr: "Un capteur acoustique près de {camera} a détecté un bris de glace. L'opérateur {action}.",
      nl: 'Een akoestische sensor bij {camera} detecteerde brekend glas. De meldkamer {action}.',
      it: "Un sensore acustico vicino a {camera} ha rilevato la rottura di un vetro. L'operatore {action}.",
      es: 'Un sensor acústico cerca de {camera} detectó la rotura de un cristal. El operador {action}.',
    },
    severities: ['critical'],
  },
  {
    title: {
      en: 'Smoke detected near {camera}',
      de: 'Rauch erkannt nahe {camera}',
      fr: 'Fumée détectée près de {camera}',
      nl: 'Rook gedetecteerd bij {camera}',
      it: 'Fumo rilevato vicino a {camera}',
      es: 'Humo detectado cerca de {camera}',
    },
    description: {
      en: 'The video smoke detection of {camera} raised an alarm. The operator {action}.',
      de: 'Die videobasierte Raucherkennung der Kamera {camera} hat Alarm ausgelöst. Die Leitstelle {action}.',
      fr: "La détection de fumée par vidéo de la caméra {camera} a déclenché une alarme. L'opérateur {action}.",
      nl: 'De videorookdetectie van camera {camera} sloeg alarm. De meldkamer {action}.',
      it: "Il rilevamento video del fumo della telecamera {camera} ha generato un allarme. L'operatore {action}.",
      es: 'La detección de humo por vídeo de la cámara {camera} activó una alarma. El operador {action}.',
    },
    severities: ['high', 'critical'],
  },
  {
    title: {
      en: 'False alarm: animal at {camera}',
      de: 'Fehlalarm: Tier bei {camera}',
      fr: 'Fausse alarme\u00a0: animal à {camera}',
      nl: 'Vals alarm: dier bij {camera}',
      it: 'Falso allarme: animale presso {camera}',
      es: 'Falsa alarma: animal en {camera}',
    },
    description: {
      en: 'An animal triggered the analytics of {camera}. No action was needed.',
      de: 'Ein Tier hat die Videoanalyse der Kamera {camera} ausgelöst. Ein Eingreifen war nicht nötig.',
      fr: "Un animal a déclenché l'analyse vidéo de la caméra {camera}. Aucune intervention n'a été nécessaire.",
      nl: 'Een dier activeerde de videoanalyse van camera {camera}. Er was geen actie nodig.',
      it: "Un animale ha attivato l'analisi video della telecamera {camera}. Non è stato necessario alcun intervento.",
      es: 'Un animal activó la analítica de vídeo de la cámara {camera}. No fue necesario intervenir.',
    },
    severities: ['low'],
  },
];

export const PANEL_EVENTS: IncidentTemplate[] = [
  {
    title: {
      en: 'Intrusion alarm, zone {zone}',
      de: 'Einbruchalarm, Zone {zone}',
      fr: 'Alarme intrusion, zone {zone}',
      nl: 'Inbraakalarm, zone {zone}',
      it: 'Allarme intrusione, zona {zone}',
      es: 'Alarma de intrusión, zona {zone}',
    },
    description: {
      en: 'The intrusion panel of {site} reported an alarm in zone {zone}. The operator {action}.',
      de: 'Die Einbruchmeldezentrale von {site} hat einen Alarm in Zone {zone} gemeldet. Die Leitstelle {action}.',
      fr: "La centrale d'alarme intrusion de {site} a signalé une alarme dans la zone {zone}. L'opérateur {action}.",
      nl: 'De inbraakcentrale van {site} meldde een alarm in zone {zone}. De meldkamer {action}.',
      it: "La centrale antintrusione di {site} ha segnalato un allarme nella zona {zone}. L'operatore {action}.",
      es: 'La central de intrusión de {site} informó de una alarma en la zona {zone}. El operador {action}.',
    },
    severities: ['high', 'critical'],
  },
  {
    title: {
      en: 'Panel armed late',
      de: 'Zentrale verspätet scharf geschaltet',
      fr: 'Centrale armée en retard',
      nl: 'Centrale te laat ingeschakeld',
      it: 'Centrale inserita in ritardo',
      es: 'Central armada con retraso',
    },
    description: {
      en: 'The intrusion panel of {site} was armed {minutes} minutes after the start of the security hours.',
      de: 'Die Einbruchmeldezentrale von {site} wurde {minutes} Minuten nach Beginn der Sicherungszeit scharf geschaltet.',
      fr: "La centrale d'alarme intrusion de {site} a été armée {minutes} minutes après le début des heures de surveillance.",
      nl: 'De inbraakcentrale van {site} werd {minutes} minuten na het begin van de beveiligde uren ingeschakeld.',
      it: "La centrale antintrusione di {site} è stata inserita {minutes} minuti dopo l'inizio delle ore di sorveglianza.",
      es: 'La central de intrusión de {site} se armó {minutes} minutos después del inicio del horario de vigilancia.',
    },
    severities: ['low'],
  },
  {
    title: {
      en: 'Mains power failure',
      de: 'Netzausfall',
      fr: 'Coupure de courant secteur',
      nl: 'Stroomuitval',
      it: 'Mancanza di alimentazione di rete',
      es: 'Corte de suministro eléctrico',
    },
    description: {
      en: 'The panel of {site} runs on its backup battery. Power came back after {minutes} minutes.',
      de: 'Die Zentrale von {site} lief über ihren Notstromakku. Nach {minutes} Minuten war der Netzstrom wieder da.',
      fr: 'La centrale de {site} a fonctionné sur sa batterie de secours. Le courant est revenu après {minutes} minutes.',
      nl: 'De centrale van {site} draaide op de noodbatterij. Na {minutes} minuten was de stroom terug.',
      it: 'La centrale di {site} ha funzionato con la batteria di riserva. La corrente è tornata dopo {minutes} minuti.',
      es: 'La central de {site} funcionó con su batería de respaldo. La corriente volvió tras {minutes} minutos.',
    },
    severities: ['medium'],
  },
];

/** What the operator found on the footage ("… and found {outcome}"). */
export const OUTCOMES: Text[] = [
  {
    en: 'nothing unusual',
    de: 'nichts Ungewöhnliches',
    fr: "rien d'inhabituel",
    nl: 'niets ongewoons',
    it: 'nulla di insolito',
    es: 'nada fuera de lo común',
  },
  {
    en: 'a cleaning crew at work',
    de: 'ein Reinigungsteam bei der Arbeit',
    fr: 'une équipe de nettoyage au travail',
    nl: 'een schoonmaakploeg aan het werk',
    it: 'una squadra di pulizie al lavoro',
    es: 'un equipo de limpieza trabajando',
  },
  {
    en: 'a delivery that arrived early',
    de: 'eine zu früh eingetroffene Lieferung',
    fr: 'une livraison arrivée en avance',
    nl: 'een levering die te vroeg was aangekomen',
    it: 'una consegna arrivata in anticipo',
    es: 'una entrega que llegó antes de tiempo',
  },
  {
    en: 'wind moving a tarpaulin',
    de: 'eine im Wind flatternde Plane',
    fr: 'une bâche agitée par le vent',
    nl: 'een dekzeil dat in de wind bewoog',
    it: 'un telone mosso dal vento',
    es: 'una lona movida por el viento',
  },
  {
    en: 'staff working late',
    de: 'Mitarbeitende, die länger arbeiteten',
    fr: 'du personnel qui travaillait tard',
    nl: 'personeel dat laat doorwerkte',
    it: 'personale al lavoro fino a tardi',
    es: 'personal trabajando hasta tarde',
  },
];

/** What the operator did ("The operator {action}."). */
export const ACTIONS: Text[] = [
  {
    en: 'called the site contact, who confirmed it was an employee',
    de: 'hat die Kontaktperson vor Ort angerufen, die bestätigte, dass es sich um einen Mitarbeiter handelte',
    fr: "a appelé le contact du site, qui a confirmé qu'il s'agissait d'un employé",
    nl: 'belde de contactpersoon ter plaatse, die bevestigde dat het om een medewerker ging',
    it: 'ha chiamato il referente del sito, che ha confermato che si trattava di un dipendente',
    es: 'llamó al contacto del sitio, que confirmó que se trataba de un empleado',
  },
  {
    en: 'sent a patrol, which found nothing out of order',
    de: 'hat eine Streife geschickt, die nichts Auffälliges fand',
    fr: "a envoyé une patrouille, qui n'a rien constaté d'anormal",
    nl: 'stuurde een patrouille, die niets verdachts aantrof',
    it: 'ha inviato una pattuglia, che non ha riscontrato nulla di anomalo',
    es: 'envió una patrulla, que no encontró nada fuera de lo normal',
  },
  {
    en: 'warned the intruder over the loudspeaker, who then left',
    de: 'hat den Eindringling über Lautsprecher angesprochen, worauf er das Gelände verließ',
    fr: "a averti l'intrus par haut-parleur, qui est alors reparti",
    nl: 'waarschuwde de indringer via de luidspreker, waarna die vertrok',
    it: "ha avvertito l'intruso tramite altoparlante, che si è poi allontanato",
    es: 'advirtió al intruso por el altavoz y este se marchó',
  },
  {
    en: 'called the police, who arrived within 12 minutes',
    de: 'hat die Polizei alarmiert, die innerhalb von 12 Minuten eintraf',
    fr: 'a appelé la police, qui est arrivée en moins de 12 minutes',
    nl: 'belde de politie, die binnen 12 minuten ter plaatse was',
    it: 'ha chiamato la polizia, arrivata entro 12 minuti',
    es: 'llamó a la policía, que llegó en menos de 12 minutos',
  },
  {
    en: 'checked the other cameras and closed the alarm',
    de: 'hat die übrigen Kameras geprüft und den Alarm geschlossen',
    fr: "a vérifié les autres caméras et clôturé l'alarme",
    nl: 'controleerde de andere camera’s en sloot het alarm af',
    it: "ha controllato le altre telecamere e ha chiuso l'allarme",
    es: 'revisó las demás cámaras y cerró la alarma',
  },
];
