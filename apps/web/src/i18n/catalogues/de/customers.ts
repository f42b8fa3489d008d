/** German: the customers: categories, tabs, notifications, imports, exports and attachments. */
import type { Texts } from '../types';
import type en from '../en/customers';

const customers: Texts<typeof en> = {
  customers: {
    categories: {
      BASIC: 'Standard',
      VIP: 'VIP',
      BLACKLISTED: 'Gesperrt',
    },
    search: 'Name, Telefon, E-Mail oder interne Nummer',
    next_iid: 'Nächste Nummer',
    key: 'Schlüssel',
    value: 'Wert',
    add_entry: 'Feld hinzufügen',
    tabs: {
      customer: 'Kunde',
      modify: 'Bearbeiten',
      notify: 'Benachrichtigen',
      booking: 'Buchung',
      ticket: 'Ticket',
      next_bookings: 'Nächste Buchungen',
      booking_archive: 'Buchungsarchiv',
      queue_archive: 'Warteschlangenarchiv',
      attachments: 'Anhänge',
    },
    empty_tab: 'Noch nichts vorhanden.',
    no_next_booking: 'Kein anstehender Termin.',
    no_past_booking: 'Keine vergangenen Termine.',
    mark_vip: 'Als VIP markieren',
    blacklist: 'Sperren',
    make_basic: 'Zurück zu Standard',
    category_changed: 'Kategorie geändert',
    notify: {
      action: 'Benachrichtigen',
      title: 'Nachricht senden',
      channel: 'Kanal',
      email: 'E-Mail',
      sms: 'SMS',
      subject: 'Betreff',
      message: 'Nachricht',
      send: 'Senden',
      sent: 'Gesendete Nachrichten: {{sent}}',
      sms_unavailable: 'SMS können nicht gesendet werden: kein SMS-Dienst eingerichtet',
    },
    import: {
      action: 'Importieren',
      choose: 'Datei wählen (.CSV, .XSL, .XSLX)',
      uploading: 'Wird hochgeladen…',
      report: 'Importbericht',
      created: 'Importiert: {{count}}',
      updated: 'Aktualisiert: {{count}}',
      unchanged: 'Unverändert: {{count}}',
      rejected: 'Abgelehnte Zeilen',
      row: 'Zeile {{row}}',
      none_rejected: 'Keine Zeile abgelehnt.',
    },
    export: {
      csv: 'Als CSV exportieren',
      xlsx: 'Als XLSX exportieren',
    },
    attachments: {
      upload: 'Datei anhängen',
      file_name: 'Datei',
      size: 'Größe',
      created_at: 'Hinzugefügt',
      download: 'Herunterladen',
      delete: 'Löschen',
      empty: 'Noch keine Anhänge.',
      uploaded: 'Datei angehängt',
      deleted: 'Datei gelöscht',
    },
  },
};

export default customers;
