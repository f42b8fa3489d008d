/** English: /settings/integrations (API keys; the webhooks have their own namespace). */
const integrations = {
  integrations: {
    title: 'Integrations',
    menu: 'Integrations',
    intro: 'Other systems (a CRM, a dashboard, a hospital’s information system) follow what happens in your business through the event feed and webhooks.',
    keys: {
      title: 'API keys',
      intro: 'A key lets another system read your business’s event feed. Give each system its own key, with only the scopes it needs.',
      add: 'Create key',
      create_title: 'New API key',
      create: 'Create',
      empty: 'No API key yet.',
      loading_failed: 'The keys could not be loaded.',
      fields: {
        name: 'Name',
        name_hint: 'The system that will use it, e.g. “CRM”',
        key: 'Key',
        scopes: 'Scopes',
        created_at: 'Created',
        last_used_at: 'Last used',
        status: 'Status',
      },
      scopes: {
        feed_read: 'Read the feed',
        pii_read: 'Personal data',
        webhooks: 'Webhooks',
      },
      scope_hints: {
        feed_read: 'read the events of your business, from any point in its history',
        pii_read: 'names, phone numbers and notes in the events (never those of an erased customer)',
        webhooks: 'manage the business’s webhooks with this key',
      },
      states: {
        active: 'Active',
        revoked: 'Revoked',
      },
      never_used: 'Never',
      revoke: 'Revoke',
      revoke_title: 'Revoke this key',
      revoke_confirm: 'Revoke the key “{{name}}”? Systems using it lose access at once.',
      revoked: 'The key “{{name}}” is revoked',
      token_title: 'The key “{{name}}”',
      token_once: 'Copy the key now: it is shown only this once, and only its fingerprint is kept.',
      token_use: 'Send it in each request’s header:',
      copy: 'Copy',
      copied: 'Copied',
      done: 'Done',
      errors: {
        name: 'Enter a name',
        name_long: 'The name may have at most {{max}} characters',
        scopes: 'Select at least one scope',
        pii_alone: 'Personal data is read through the feed or webhooks: select one of them too',
      },
    },
  },
};

export default integrations;
