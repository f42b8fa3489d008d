/** German: the settings screens: business, opening days, services, team, holidays and ticket note types. */
import type { Texts } from '../types';
import type en from '../en/settings';

const settings: Texts<typeof en> = {
  app: {
    business: {
      title: 'Unternehmensdaten',
      basic: 'Grunddaten',
      location: 'Standort',
      working_days: 'Arbeitstage',
      translations: 'Übersetzungen',
      booking: 'Terminbestätigung',
      name: 'Name des Unternehmens',
      industry: 'Branche',
      country: 'Land',
      city: 'Stadt',
      address: 'Adresse',
      postal_code: 'Postleitzahl',
      phone: 'Telefon',
      email: 'E-Mail',
      sms_sender_name: 'SMS-Absendername',
      time_zone: 'Zeitzone',
      slot_minutes: 'Zeitfenster (Minuten)',
      booking_days_limit: 'Termine buchbar bis (Tage im Voraus)',
      booking_confirmation: 'Termine müssen bestätigt werden',
      published: 'Veröffentlicht',
      lat: 'Breitengrad',
      lng: 'Längengrad',
      open: 'Geöffnet',
      closed: 'Geschlossen',
      from: 'Von',
      to: 'Bis',
      add_range: 'Zeiten hinzufügen',
      remove_range: 'Zeiten entfernen',
      translation_name: 'Name',
      translation_description: 'Beschreibung',
      days_invalid: 'Die Anzahl der Tage ist ungültig',
    },
    days: {
      monday: 'Montag',
      tuesday: 'Dienstag',
      wednesday: 'Mittwoch',
      thursday: 'Donnerstag',
      friday: 'Freitag',
      saturday: 'Samstag',
      sunday: 'Sonntag',
    },
    services: {
      reorder: 'Neu ordnen',
      reorder_title: 'Reihenfolge der Leistungen',
      reorder_hint: 'Ziehen Sie die Leistungen in die Reihenfolge, die Kunden sehen (USSD-Reihenfolge).',
      save_order: 'Reihenfolge speichern',
      drag: 'Zum Verschieben ziehen',
      sub_services: 'Unterleistungen',
      parent: 'Übergeordnete Leistung',
      none: 'Keine',
      minutes: 'Minuten',
      seconds: 'Sekunden',
    },
    team: {
      positions: {
        Admin: 'Administrator',
        CEO: 'Geschäftsführung',
        Employee: 'Mitarbeiter',
        'Front Desk': 'Empfang',
        Manager: 'Leitung',
        Other: 'Sonstiges',
        Secretary: 'Sekretariat',
      },
    },
    holidays: {
      types: {
        vacation: 'Urlaub',
        holiday: 'Feiertag',
        other: 'Sonstiges',
      },
      scopes: {
        agency: 'Das ganze Unternehmen',
        me: 'Ich',
        members: 'Teammitglieder',
      },
      statuses: {
        pending: 'Ausstehend',
        approved: 'Genehmigt',
        declined: 'Abgelehnt',
      },
    },
  },
  note_types: {
    colour_invalid: 'Geben Sie eine Farbe als #rrggbb ein',
  },
};

export default settings;
