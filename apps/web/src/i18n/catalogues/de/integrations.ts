/** German: /settings/integrations (API keys; the webhooks have their own namespace). */
import type { Texts } from '../types';
import type en from '../en/integrations';

const integrations: Texts<typeof en> = {
  integrations: {
    title: 'Integrationen',
    menu: 'Integrationen',
    intro:
      'Andere Systeme (ein CRM, ein Dashboard, das Informationssystem eines Krankenhauses) verfolgen über den Ereignis-Feed und Webhooks, was in Ihrem Unternehmen geschieht.',
    keys: {
      title: 'API-Schlüssel',
      intro:
        'Mit einem Schlüssel kann ein anderes System den Ereignis-Feed Ihres Unternehmens lesen. Geben Sie jedem System einen eigenen Schlüssel mit nur den Berechtigungen, die es braucht.',
      add: 'Schlüssel erstellen',
      create_title: 'Neuer API-Schlüssel',
      create: 'Erstellen',
      empty: 'Noch kein API-Schlüssel.',
      loading_failed: 'Die Schlüssel konnten nicht geladen werden.',
      fields: {
        name: 'Name',
        name_hint: 'Das System, das ihn nutzt, z. B. „CRM“',
        key: 'Schlüssel',
        scopes: 'Berechtigungen',
        created_at: 'Erstellt',
        last_used_at: 'Zuletzt verwendet',
        status: 'Status',
      },
      scopes: {
        feed_read: 'Feed lesen',
        pii_read: 'Personenbezogene Daten',
        webhooks: 'Webhooks',
      },
      scope_hints: {
        feed_read: 'die Ereignisse Ihres Unternehmens lesen, ab jedem Punkt seiner Geschichte',
        pii_read: 'Namen, Telefonnummern und Notizen in den Ereignissen (nie die eines gelöschten Kunden)',
        webhooks: 'die Webhooks des Unternehmens mit diesem Schlüssel verwalten',
      },
      states: {
        active: 'Aktiv',
        revoked: 'Widerrufen',
      },
      never_used: 'Nie',
      revoke: 'Widerrufen',
      revoke_title: 'Diesen Schlüssel widerrufen',
      revoke_confirm: 'Den Schlüssel „{{name}}“ widerrufen? Systeme, die ihn nutzen, verlieren sofort den Zugriff.',
      revoked: 'Der Schlüssel „{{name}}“ ist widerrufen',
      token_title: 'Der Schlüssel „{{name}}“',
      token_once: 'Kopieren Sie den Schlüssel jetzt: Er wird nur dieses eine Mal angezeigt, gespeichert wird nur sein Fingerabdruck.',
      token_use: 'Senden Sie ihn im Header jeder Anfrage:',
      copy: 'Kopieren',
      copied: 'Kopiert',
      done: 'Fertig',
      errors: {
        name: 'Geben Sie einen Namen ein',
        name_long: 'Der Name darf höchstens {{max}} Zeichen haben',
        scopes: 'Wählen Sie mindestens eine Berechtigung',
        pii_alone: 'Personenbezogene Daten werden über den Feed oder Webhooks gelesen: Wählen Sie auch eines davon',
      },
    },
  },
};

export default integrations;
