/**
 * Notification templates in every language. Placeholders in braces are filled by the
 * generator; the HTML uses the tags the portal allows (b, i, span, a) — except the
 * "security notice", which carries an `<img onerror>`, a `<script>` and a `javascript:`
 * link on purpose, to prove the portal's sanitizer.
 */
export const SEED_LOCALES = ['en', 'de', 'fr', 'nl', 'it', 'es'] as const;
export type SeedLocale = (typeof SEED_LOCALES)[number];
type Text = Record<SeedLocale, string>;
export type Template = { key: string; title: Text; body: Text };

export const TEMPLATES: Template[] = [
  {
    key: 'report',
    title: {
      en: 'Monthly security report available',
      de: 'Monatlicher Sicherheitsbericht verfügbar',
      fr: 'Rapport de sécurité mensuel disponible',
      nl: 'Maandelijks beveiligingsrapport beschikbaar',
      it: 'Rapporto di sicurezza mensile disponibile',
      es: 'Informe de seguridad mensual disponible',
    },
    body: {
      en: 'Your security report for <b>{period}</b> is ready. <a href="https://vigil.example/reports">Open the report</a>.',
      de: 'Ihr Sicherheitsbericht für <b>{period}</b> ist fertig. <a href="https://vigil.example/reports">Bericht öffnen</a>.',
      fr: 'Votre rapport de sécurité pour <b>{period}</b> est prêt. <a href="https://vigil.example/reports">Ouvrir le rapport</a>.',
      nl: 'Uw beveiligingsrapport voor <b>{period}</b> staat klaar. <a href="https://vigil.example/reports">Rapport openen</a>.',
      it: 'Il rapporto di sicurezza di <b>{period}</b> è pronto. <a href="https://vigil.example/reports">Apri il rapporto</a>.',
      es: 'Su informe de seguridad de <b>{period}</b> está listo. <a href="https://vigil.example/reports">Abrir el informe</a>.',
    },
  },
  {
    key: 'maintenance',
    title: {
      en: 'Scheduled maintenance',
      de: 'Geplante Wartung',
      fr: 'Maintenance planifiée',
      nl: 'Gepland onderhoud',
      it: 'Manutenzione programmata',
      es: 'Mantenimiento programado',
    },
    body: {
      en: 'Cameras at <b>{site}</b> will be offline briefly on <span>{date}</span> between 02:00 and 04:00 for a firmware update.',
      de: 'Die Kameras am Standort <b>{site}</b> sind am <span>{date}</span> zwischen 02:00 und 04:00 Uhr wegen eines Firmware-Updates kurz offline.',
      fr: 'Les caméras de <b>{site}</b> seront brièvement hors ligne le <span>{date}</span> entre 02:00 et 04:00 pour une mise à jour du micrologiciel.',
      nl: 'De camera’s van <b>{site}</b> zijn op <span>{date}</span> tussen 02:00 en 04:00 even offline voor een firmware-update.',
      it: 'Le telecamere di <b>{site}</b> saranno brevemente offline il <span>{date}</span> tra le 02:00 e le 04:00 per un aggiornamento del firmware.',
      es: 'Las cámaras de <b>{site}</b> estarán desconectadas brevemente el <span>{date}</span> entre las 02:00 y las 04:00 por una actualización de firmware.',
    },
  },
  {
    key: 'drill',
    title: {
      en: 'Evacuation drill completed',
      de: 'Evakuierungsübung abgeschlossen',
      fr: "Exercice d'évacuation terminé",
      nl: 'Evacuatieoefening afgerond',
      it: 'Esercitazione di evacuazione completata',
      es: 'Simulacro de evacuación completado',
    },
    body: {
      en: 'The evacuation drill at <b>{site}</b> was completed in <span>{n} minutes</span>. <i>Thank you for taking part.</i>',
      de: 'Die Evakuierungsübung am Standort <b>{site}</b> wurde in <span>{n} Minuten</span> abgeschlossen. <i>Danke fürs Mitmachen.</i>',
      fr: "L'exercice d'évacuation de <b>{site}</b> s'est terminé en <span>{n} minutes</span>. <i>Merci de votre participation.</i>",
      nl: 'De evacuatieoefening in <b>{site}</b> werd afgerond in <span>{n} minuten</span>. <i>Bedankt voor uw deelname.</i>',
      it: "L'esercitazione di evacuazione presso <b>{site}</b> si è conclusa in <span>{n} minuti</span>. <i>Grazie per la partecipazione.</i>",
      es: 'El simulacro de evacuación en <b>{site}</b> se completó en <span>{n} minutos</span>. <i>Gracias por participar.</i>',
    },
  },
  {
    key: 'cameraOffline',
    title: {
      en: 'Camera offline',
      de: 'Kamera offline',
      fr: 'Caméra hors ligne',
      nl: 'Camera offline',
      it: 'Telecamera offline',
      es: 'Cámara desconectada',
    },
    body: {
      en: 'The camera <b>{camera}</b> at {site} has not sent images for 15 minutes. <i>We are looking into it.</i>',
      de: 'Die Kamera <b>{camera}</b> am Standort {site} sendet seit 15 Minuten keine Bilder. <i>Wir kümmern uns darum.</i>',
      fr: "La caméra <b>{camera}</b> de {site} n'envoie plus d'images depuis 15 minutes. <i>Nous nous en occupons.</i>",
      nl: 'De camera <b>{camera}</b> in {site} stuurt al 15 minuten geen beelden. <i>We zoeken het uit.</i>',
      it: 'La telecamera <b>{camera}</b> di {site} non invia immagini da 15 minuti. <i>Stiamo verificando.</i>',
      es: 'La cámara <b>{camera}</b> de {site} no envía imágenes desde hace 15 minutos. <i>Lo estamos revisando.</i>',
    },
  },
  {
    key: 'cameraOnline',
    title: {
      en: 'Camera back online',
      de: 'Kamera wieder online',
      fr: 'Caméra de nouveau en ligne',
      nl: 'Camera weer online',
      it: 'Telecamera di nuovo online',
      es: 'Cámara conectada de nuevo',
    },
    body: {
      en: '<b>{camera}</b> at {site} is sending images again.',
      de: '<b>{camera}</b> am Standort {site} sendet wieder Bilder.',
      fr: '<b>{camera}</b> de {site} envoie de nouveau des images.',
      nl: '<b>{camera}</b> in {site} stuurt weer beelden.',
      it: '<b>{camera}</b> di {site} invia di nuovo immagini.',
      es: '<b>{camera}</b> de {site} vuelve a enviar imágenes.',
    },
  },
  {
    key: 'schedule',
    title: {
      en: 'Security hours changed',
      de: 'Sicherungszeiten geändert',
      fr: 'Horaires de sécurité modifiés',
      nl: 'Beveiligingsuren gewijzigd',
      it: 'Orari di sicurezza modificati',
      es: 'Horario de seguridad modificado',
    },
    body: {
      en: 'The security hours of <b>{site}</b> were changed. <a href="https://vigil.example/help/schedules">How security hours work</a>',
      de: 'Die Sicherungszeiten von <b>{site}</b> wurden geändert. <a href="https://vigil.example/help/schedules">So funktionieren Sicherungszeiten</a>',
      fr: 'Les horaires de sécurité de <b>{site}</b> ont été modifiés. <a href="https://vigil.example/help/schedules">Comment fonctionnent les horaires</a>',
      nl: 'De beveiligingsuren van <b>{site}</b> zijn gewijzigd. <a href="https://vigil.example/help/schedules">Zo werken beveiligingsuren</a>',
      it: 'Gli orari di sicurezza di <b>{site}</b> sono stati modificati. <a href="https://vigil.example/help/schedules">Come funzionano gli orari</a>',
      es: 'Se ha modificado el horario de seguridad de <b>{site}</b>. <a href="https://vigil.example/help/schedules">Cómo funciona el horario</a>',
    },
  },
  {
    key: 'summary',
    title: {
      en: 'Weekly incident summary',
      de: 'Wöchentliche Vorfallübersicht',
      fr: 'Résumé hebdomadaire des incidents',
      nl: 'Wekelijks overzicht van incidenten',
      it: 'Riepilogo settimanale degli incidenti',
      es: 'Resumen semanal de incidentes',
    },
    body: {
      en: 'Last week we handled <b>{n} incidents</b> across your sites, <i>{m} of them</i> with high severity.',
      de: 'Letzte Woche haben wir <b>{n} Vorfälle</b> an Ihren Standorten bearbeitet, <i>{m} davon</i> mit hohem Schweregrad.',
      fr: 'La semaine dernière, nous avons traité <b>{n} incidents</b> sur vos sites, dont <i>{m}</i> de gravité élevée.',
      nl: 'Vorige week behandelden we <b>{n} incidenten</b> op uw locaties, <i>waarvan {m}</i> met hoge ernst.',
      it: 'La settimana scorsa abbiamo gestito <b>{n} incidenti</b> nei vostri siti, <i>{m} dei quali</i> di gravità elevata.',
      es: 'La semana pasada gestionamos <b>{n} incidentes</b> en sus sedes, <i>{m} de ellos</i> de gravedad alta.',
    },
  },
  {
    key: 'terms',
    title: {
      en: 'Updated terms of use',
      de: 'Aktualisierte Nutzungsbedingungen',
      fr: "Conditions d'utilisation mises à jour",
      nl: 'Bijgewerkte gebruiksvoorwaarden',
      it: "Condizioni d'uso aggiornate",
      es: 'Condiciones de uso actualizadas',
    },
    body: {
      en: 'We updated the terms of use of the web portal. <a href="https://vigil.example/terms">Read what changed</a>.',
      de: 'Wir haben die Nutzungsbedingungen des Webportals aktualisiert. <a href="https://vigil.example/terms">Änderungen lesen</a>.',
      fr: 'Nous avons mis à jour les conditions d\'utilisation du portail. <a href="https://vigil.example/terms">Voir les changements</a>.',
      nl: 'We hebben de gebruiksvoorwaarden van het webportaal bijgewerkt. <a href="https://vigil.example/terms">Lees wat er veranderde</a>.',
      it: 'Abbiamo aggiornato le condizioni d\'uso del portale web. <a href="https://vigil.example/terms">Leggi le modifiche</a>.',
      es: 'Hemos actualizado las condiciones de uso del portal web. <a href="https://vigil.example/terms">Ver los cambios</a>.',
    },
  },
  {
    key: 'newUser',
    title: {
      en: 'A user was added to your project',
      de: 'Ihrem Projekt wurde ein Benutzer hinzugefügt',
      fr: 'Un utilisateur a été ajouté à votre projet',
      nl: 'Er is een gebruiker aan uw project toegevoegd',
      it: 'Un utente è stato aggiunto al progetto',
      es: 'Se ha añadido un usuario a su proyecto',
    },
    body: {
      en: '<b>{name}</b> now has access to <i>{project}</i>.',
      de: '<b>{name}</b> hat jetzt Zugriff auf <i>{project}</i>.',
      fr: '<b>{name}</b> a désormais accès à <i>{project}</i>.',
      nl: '<b>{name}</b> heeft nu toegang tot <i>{project}</i>.',
      it: '<b>{name}</b> ora ha accesso a <i>{project}</i>.',
      es: '<b>{name}</b> ahora tiene acceso a <i>{project}</i>.',
    },
  },
];

/** The one notification with hostile HTML (the portal must render only the safe parts). */
export const HOSTILE: Template = {
  key: 'hostile',
  title: {
    en: 'Security notice',
    de: 'Sicherheitshinweis',
    fr: 'Avis de sécurité',
    nl: 'Beveiligingsmelding',
    it: 'Avviso di sicurezza',
    es: 'Aviso de seguridad',
  },
  body: Object.fromEntries(
    (
      [
        ['en', 'Please read this <b>important</b> notice.'],
        ['de', 'Bitte lesen Sie diesen <b>wichtigen</b> Hinweis.'],
        ['fr', 'Veuillez lire cet avis <b>important</b>.'],
        ['nl', 'Lees deze <b>belangrijke</b> melding.'],
        ['it', 'Leggete questo avviso <b>importante</b>.'],
        ['es', 'Lea este aviso <b>importante</b>.'],
      ] as const
    ).map(([locale, text]) => [
      locale,
      `${text}<img src=x onerror=alert(1)><script>alert('xss')</script> <a href="javascript:alert(1)">javascript link</a> <a href="https://vigil.example/security">vigil.example/security</a>`,
    ]),
  ) as Text,
};
