import type { Catalogue } from './en';

const de: Catalogue = {
  ra: {
    action: {
      add: 'Hinzufügen', add_filter: 'Filter hinzufügen', back: 'Zurück', bulk_actions: '{{smart_count}} ausgewählt', cancel: 'Abbrechen',
      clear_input_value: 'Wert löschen', clone: 'Duplizieren', confirm: 'Bestätigen', create: 'Erstellen', delete: 'Löschen', edit: 'Bearbeiten',
      export: 'Exportieren', list: 'Liste', refresh: 'Aktualisieren', remove_filter: 'Filter entfernen', remove: 'Entfernen', save: 'Speichern',
      search: 'Suchen', select_all: 'Alle auswählen', select_row: 'Diese Zeile auswählen', show: 'Anzeigen', sort: 'Sortieren', undo: 'Rückgängig',
      unselect: 'Abwählen', expand: 'Aufklappen', close: 'Schließen', open_menu: 'Menü öffnen', close_menu: 'Menü schließen', update: 'Aktualisieren',
      move_up: 'Nach oben', move_down: 'Nach unten', open: 'Öffnen', reset: 'Zurücksetzen',
    },
    boolean: { true: 'Ja', false: 'Nein', null: ' ' },
    page: {
      create: '{{name}} erstellen', dashboard: 'Übersicht', edit: '{{name}} {{recordRepresentation}}', error: 'Etwas ist schiefgelaufen',
      list: '{{name}}', loading: 'Wird geladen', not_found: 'Nicht gefunden', show: '{{name}} {{recordRepresentation}}', empty: 'Noch keine {{name}}.',
      invite: 'Möchten Sie einen Eintrag hinzufügen?', access_denied: 'Zugriff verweigert', authentication_error: 'Authentifizierungsfehler',
    },
    input: { password: { toggle_visible: 'Passwort verbergen', toggle_hidden: 'Passwort anzeigen' } },
    message: {
      about: 'Über', are_you_sure: 'Sind Sie sicher?', auth_error: 'Beim Prüfen des Anmeldetokens ist ein Fehler aufgetreten.',
      bulk_delete_content: 'Möchten Sie diese {{smart_count}} Einträge wirklich löschen?', bulk_delete_title: '{{smart_count}} {{name}} löschen',
      delete_content: 'Möchten Sie diesen Eintrag wirklich löschen?', delete_title: '{{name}} {{recordRepresentation}} löschen',
      details: 'Details', error: 'Im Browser ist ein Fehler aufgetreten, Ihre Anfrage konnte nicht abgeschlossen werden.',
      invalid_form: 'Das Formular ist ungültig. Bitte prüfen Sie die Fehler', loading: 'Bitte warten', no: 'Nein',
      not_found: 'Sie haben eine falsche Adresse eingegeben oder einem fehlerhaften Link gefolgt.', yes: 'Ja',
      unsaved_changes: 'Einige Änderungen wurden nicht gespeichert. Möchten Sie sie wirklich verwerfen?',
      access_denied: 'Sie haben nicht die nötigen Rechte für diese Seite',
      authentication_error: 'Der Anmeldeserver hat einen Fehler gemeldet, Ihre Zugangsdaten konnten nicht geprüft werden.',
    },
    navigation: {
      no_results: 'Keine Ergebnisse', no_more_results: 'Die Seitenzahl {{page}} liegt außerhalb des Bereichs. Versuchen Sie die vorherige Seite.',
      page_out_of_boundaries: 'Seitenzahl {{page}} außerhalb des Bereichs', page_out_from_end: 'Letzte Seite erreicht',
      page_out_from_begin: 'Seitenzahl darf nicht kleiner als 1 sein', page_range_info: '{{offsetBegin}}-{{offsetEnd}} von {{total}}',
      partial_page_range_info: '{{offsetBegin}}-{{offsetEnd}} von mehr als {{offsetEnd}}', current_page: 'Seite {{page}}',
      page: 'Gehe zu Seite {{page}}', first: 'Gehe zur ersten Seite', last: 'Gehe zur letzten Seite', next: 'Gehe zur nächsten Seite',
      previous: 'Gehe zur vorherigen Seite', page_rows_per_page: 'Zeilen pro Seite:', skip_nav: 'Zum Inhalt springen',
    },
    sort: { sort_by: 'Sortieren nach {{field}} {{order}}', ASC: 'aufsteigend', DESC: 'absteigend' },
    auth: {
      auth_check_error: 'Bitte melden Sie sich an, um fortzufahren', user_menu: 'Profil', username: 'Benutzername', password: 'Passwort',
      email: 'E-Mail', sign_in: 'Anmelden', sign_in_error: 'Anmeldung fehlgeschlagen, bitte erneut versuchen', logout: 'Abmelden',
    },
    notification: {
      updated: 'Eintrag aktualisiert', created: 'Eintrag erstellt', deleted: 'Eintrag gelöscht', bad_item: 'Fehlerhafter Eintrag',
      item_doesnt_exist: 'Eintrag existiert nicht', http_error: 'Fehler bei der Kommunikation mit dem Server',
      data_provider_error: 'Fehler im dataProvider. Details in der Konsole.', i18n_error: 'Die Übersetzungen der gewählten Sprache konnten nicht geladen werden',
      canceled: 'Aktion abgebrochen', logged_out: 'Ihre Sitzung ist beendet, bitte melden Sie sich erneut an.',
      not_authorized: 'Sie sind nicht berechtigt, auf diese Ressource zuzugreifen.', offline: 'Keine Verbindung. Daten konnten nicht geladen werden.',
    },
    validation: {
      required: 'Pflichtfeld', minLength: 'Mindestens {{min}} Zeichen', maxLength: 'Höchstens {{max}} Zeichen',
      minValue: 'Mindestens {{min}}', maxValue: 'Höchstens {{max}}', number: 'Muss eine Zahl sein',
      email: 'Muss eine gültige E-Mail sein', oneOf: 'Muss eines davon sein: {{options}}', regex: 'Muss einem bestimmten Format entsprechen: {{pattern}}',
      unique: 'Muss eindeutig sein',
    },
  },
  app: {
    name: 'Tabour',
    language: 'Sprache',
    loading: 'Wird geladen…',
    toast: {
      successful: 'ERFOLGREICH', sorry: 'Entschuldigung!', saved: 'Ihre Änderungen wurden gespeichert', created: 'Erfolgreich erstellt',
      deleted: 'Erfolgreich gelöscht', order_saved: 'Die Reihenfolge wurde gespeichert',
    },
    menu: {
      dashboard: 'Übersicht', activity: 'Aktivität', profile: 'Profil', settings: 'Einstellungen', business: 'Unternehmensdaten',
      departments: 'Abteilungen', services: 'Leistungen', team: 'Team', holidays: 'Abwesenheiten', logout: 'Abmelden',
    },
    auth: {
      title: 'Melden Sie sich bei Ihrem Konto an', email: 'E-Mail', password: 'Passwort', captcha: 'Sicherheitscode',
      captcha_alt: 'Bild des Sicherheitscodes', captcha_refresh: 'Anderen Code anzeigen', login: 'Anmelden',
      no_account: 'Noch kein Konto?', register_link: 'Unternehmen registrieren', forgot_link: 'Passwort vergessen?',
      from_register: 'Ihr Konto wurde erstellt. Sobald es freigegeben ist, können Sie sich anmelden.',
      failed: 'E-Mail und Passwort stimmen nicht mit unseren Daten überein', back_to_login: 'Zurück zur Anmeldung',
    },
    register: {
      title: 'Unternehmen registrieren', business_name: 'Name des Unternehmens', first_name: 'Vorname', last_name: 'Nachname',
      email: 'E-Mail', phone: 'Telefonnummer', country: 'Land', password: 'Passwort', password_confirmation: 'Passwort bestätigen',
      terms: 'Ich akzeptiere die Allgemeinen Geschäftsbedingungen', terms_required: 'Sie MÜSSEN unsere Allgemeinen Geschäftsbedingungen akzeptieren',
      password_mismatch: 'Die Passwortbestätigung stimmt nicht überein', submit: 'Registrieren', failed: 'Registrierung nicht möglich',
      have_account: 'Bereits registriert?',
    },
    password: {
      hint: 'Mindestens 8 Zeichen mit Klein- und Großbuchstaben, Ziffer und Sonderzeichen',
      weak: 'Das Passwort braucht mindestens 8 Zeichen mit Klein- und Großbuchstaben, Ziffer und Sonderzeichen',
      forgot_title: 'Passwort vergessen?', forgot_intro: 'Geben Sie Ihre E-Mail ein: Wir senden Ihnen einen Code zum Zurücksetzen.',
      send_code: 'Code senden', code_sent: 'Falls ein Konto diese E-Mail nutzt, wurde ein Code zum Zurücksetzen gesendet',
      reset_title: 'Neues Passwort wählen', code: 'Code zum Zurücksetzen', new_password: 'Neues Passwort', confirm: 'Neues Passwort bestätigen',
      reset_submit: 'Passwort ändern', reset_done: 'Ihr Passwort wurde geändert, Sie können sich jetzt anmelden',
      reset_failed: 'E-Mail und Code stimmen nicht überein', have_code: 'Ich habe einen Code',
    },
    pages: {
      privacy_title: 'Datenschutzerklärung',
      privacy_body: 'Wir speichern die Daten Ihres Unternehmens nur, um Ihre Warteschlangen und Termine zu betreiben. Wir verkaufen sie nie. Sie können Ihre Daten jederzeit in den Einstellungen exportieren oder löschen.',
      terms_title: 'Allgemeine Geschäftsbedingungen',
      terms_body: 'Mit der Nutzung dieses Dienstes verpflichten Sie sich, ihn rechtmäßig zu nutzen, Ihre Zugangsdaten geheim zu halten und die Privatsphäre Ihrer Kunden zu achten.',
      not_found_title: 'Fehler 404', not_found_body: 'Die gesuchte Seite existiert nicht.', go_home: 'Zur Startseite',
      denied_title: 'Zugriff verweigert', denied_body: 'Ihre Rolle erlaubt Ihnen nicht, diese Seite zu öffnen.',
      upgrade: 'Sie müssen Ihr Konto upgraden, um diese Funktion zu nutzen',
    },
    dashboard: {
      welcome: 'Willkommen, {{name}}!', intro: 'Richten Sie Ihr Konto in wenigen Schritten ein, damit Ihr Team Kunden bedienen kann.',
      quick_setup: 'Schnelle Kontoeinrichtung', step_business: 'Unternehmensdaten', step_departments: 'Abteilungen',
      step_services: 'Leistungen', step_team: 'Team', later: 'Später erledigen', resume: 'Kontoeinrichtung anzeigen',
      hello: 'Hallo {{name}}, hier ist Ihr Unternehmen {{business}}.',
    },
    profile: {
      title: 'Mein Profil', account: 'Konto', first_name: 'Vorname', last_name: 'Nachname', email: 'E-Mail', phone: 'Telefonnummer',
      language: 'Bevorzugte Sprache', password_title: 'Passwort ändern', current_password: 'Aktuelles Passwort',
      new_password: 'Neues Passwort', confirm: 'Neues Passwort bestätigen', save: 'Speichern', change_password: 'Passwort ändern',
    },
    business: {
      title: 'Unternehmensdaten', basic: 'Grunddaten', location: 'Standort', working_days: 'Arbeitstage',
      translations: 'Übersetzungen', booking: 'Terminbestätigung', name: 'Name des Unternehmens', industry: 'Branche',
      country: 'Land', city: 'Stadt', address: 'Adresse', postal_code: 'Postleitzahl', phone: 'Telefon', email: 'E-Mail',
      sms_sender_name: 'SMS-Absendername', time_zone: 'Zeitzone', slot_minutes: 'Zeitfenster (Minuten)',
      booking_days_limit: 'Termine buchbar bis (Tage im Voraus)', booking_confirmation: 'Termine müssen bestätigt werden',
      published: 'Veröffentlicht', lat: 'Breitengrad', lng: 'Längengrad', open: 'Geöffnet', closed: 'Geschlossen', from: 'Von', to: 'Bis',
      add_range: 'Zeiten hinzufügen', remove_range: 'Zeiten entfernen', translation_name: 'Name', translation_description: 'Beschreibung',
      days_invalid: 'Die Anzahl der Tage ist ungültig',
    },
    days: { monday: 'Montag', tuesday: 'Dienstag', wednesday: 'Mittwoch', thursday: 'Donnerstag', friday: 'Freitag', saturday: 'Samstag', sunday: 'Sonntag' },
    services: {
      reorder: 'Neu ordnen', reorder_title: 'Reihenfolge der Leistungen', reorder_hint: 'Ziehen Sie die Leistungen in die Reihenfolge, die Kunden sehen (USSD-Reihenfolge).',
      save_order: 'Reihenfolge speichern', drag: 'Zum Verschieben ziehen', sub_services: 'Unterleistungen', parent: 'Übergeordnete Leistung', none: 'Keine',
      minutes: 'Minuten', seconds: 'Sekunden',
    },
    team: { positions: { Admin: 'Administrator', CEO: 'Geschäftsführung', Employee: 'Mitarbeiter', 'Front Desk': 'Empfang', Manager: 'Leitung', Other: 'Sonstiges', Secretary: 'Sekretariat' } },
    holidays: {
      types: { vacation: 'Urlaub', holiday: 'Feiertag', other: 'Sonstiges' },
      scopes: { agency: 'Das ganze Unternehmen', me: 'Ich', members: 'Teammitglieder' },
      statuses: { pending: 'Ausstehend', approved: 'Genehmigt', declined: 'Abgelehnt' },
    },
    errors: {
      bad_credentials: 'E-Mail und Passwort stimmen nicht mit unseren Daten überein', captcha_required: 'Sie MÜSSEN beweisen, dass Sie ein Mensch sind',
      captcha_incorrect: 'Falscher Sicherheitscode', email_taken: 'Die E-Mail ist ungültig oder wird von einem anderen Konto verwendet',
      weak_password: 'Das Passwort braucht mindestens 8 Zeichen mit Klein- und Großbuchstaben, Ziffer und Sonderzeichen',
      wrong_password: 'Das aktuelle Passwort ist nicht richtig', reset_mismatch: 'E-Mail und Code stimmen nicht überein',
      plan_required: 'Sie müssen Ihr Konto upgraden, um diese Funktion zu nutzen',
      has_sub_services: 'Diese Leistung hat Unterleistungen: verschieben oder löschen Sie diese zuerst',
      concurrency: 'Der Eintrag wurde gleichzeitig von jemand anderem geändert, bitte erneut versuchen',
      internal: 'Bei uns ist etwas schiefgelaufen, bitte versuchen Sie es erneut', not_found: 'Keine Daten gefunden',
      awaiting_approval: 'Ihr Konto wartet auf Freigabe',
    },
    activity: {
      title: 'Aktivität', who: 'Wer', what: 'Was', when: 'Wann', record: 'Eintrag', from: 'Von', to: 'Bis', type: 'Ereignistyp',
      actors: { user: 'Benutzer', system: 'System', kiosk: 'Kiosk', display: 'Anzeige', customer: 'Kunde' },
    },
  },
  resources: {
    'settings/departments': {
      name: 'Abteilungen', name_one: 'Abteilung',
      fields: {
        name: 'Name', primary_color: 'Hauptfarbe', secondary_color: 'Zweitfarbe', text_color: 'Textfarbe',
        slot_duration: 'Zeitfenster (Minuten)', max_bookings_per_slot: 'Termine pro Zeitfenster', max_daily_bookings: 'Termine pro Tag',
        can_select_member: 'Kunden dürfen ein Teammitglied wählen', must_select_member: 'Kunden müssen ein Teammitglied wählen',
        service_ids: 'Leistungen', services: 'Leistungen', created_at: 'Erstellt',
      },
    },
    'settings/services': {
      name: 'Leistungen', name_one: 'Leistung',
      fields: {
        name: 'Name', price: 'Preis', duration: 'Dauer', duration_unit: 'Einheit', category: 'Kategorie', parent_id: 'Übergeordnete Leistung',
        ussd_order: 'Reihenfolge', sub_services: 'Unterleistungen', created_at: 'Erstellt',
      },
    },
    'settings/team': {
      name: 'Team', name_one: 'Teammitglied',
      fields: {
        first_name: 'Vorname', last_name: 'Nachname', name: 'Name', email: 'E-Mail', phone: 'Telefon', position: 'Position',
        role: 'Rolle', department_id: 'Abteilung', department_name: 'Abteilung', is_bookable: 'Buchbar',
        member_since: 'Mitglied seit', working_days: 'Arbeitstage',
      },
    },
    'settings/holidays': {
      name: 'Abwesenheiten', name_one: 'Abwesenheit',
      fields: {
        type: 'Art', scope: 'Für', member_ids: 'Teammitglieder', reason: 'Grund', start_date: 'Erster Tag', end_date: 'Letzter Tag',
        status: 'Status', created_at: 'Erstellt',
      },
    },
    activity: { name: 'Aktivität', name_one: 'Aktivität', fields: { type: 'Was', actor: 'Wer', recorded_at: 'Wann', stream_id: 'Eintrag', from: 'Von', to: 'Bis' } },
  },
};

export default de;
