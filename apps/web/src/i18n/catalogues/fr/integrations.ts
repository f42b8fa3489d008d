/** French: /settings/integrations (API keys; the webhooks have their own namespace). */
import type { Texts } from '../types';
import type en from '../en/integrations';

const integrations: Texts<typeof en> = {
  integrations: {
    title: 'Intégrations',
    menu: 'Intégrations',
    intro:
      'D’autres systèmes (un CRM, un tableau de bord, le système d’information d’un hôpital) suivent ce qui se passe dans votre entreprise grâce au flux d’événements et aux webhooks.',
    keys: {
      title: 'Clés d’API',
      intro:
        'Une clé permet à un autre système de lire le flux d’événements de votre entreprise. Donnez à chaque système sa propre clé, avec les seules autorisations dont il a besoin.',
      add: 'Créer une clé',
      create_title: 'Nouvelle clé d’API',
      create: 'Créer',
      empty: 'Aucune clé d’API pour l’instant.',
      loading_failed: 'Les clés n’ont pas pu être chargées.',
      fields: {
        name: 'Nom',
        name_hint: 'Le système qui l’utilisera, par ex. « CRM »',
        key: 'Clé',
        scopes: 'Autorisations',
        created_at: 'Créée le',
        last_used_at: 'Dernière utilisation',
        status: 'État',
      },
      scopes: {
        feed_read: 'Lire le flux',
        pii_read: 'Données personnelles',
        webhooks: 'Webhooks',
      },
      scope_hints: {
        feed_read: 'lire les événements de votre entreprise, depuis n’importe quel point de son historique',
        pii_read: 'noms, numéros de téléphone et notes dans les événements (jamais ceux d’un client effacé)',
        webhooks: 'gérer les webhooks de l’entreprise avec cette clé',
      },
      states: {
        active: 'Active',
        revoked: 'Révoquée',
      },
      never_used: 'Jamais',
      revoke: 'Révoquer',
      revoke_title: 'Révoquer cette clé',
      revoke_confirm: 'Révoquer la clé « {{name}} » ? Les systèmes qui l’utilisent perdent l’accès immédiatement.',
      revoked: 'La clé « {{name}} » est révoquée',
      token_title: 'La clé « {{name}} »',
      token_once: 'Copiez la clé maintenant : elle n’est affichée qu’une seule fois, et seule son empreinte est conservée.',
      token_use: 'Envoyez-la dans l’en-tête de chaque requête :',
      copy: 'Copier',
      copied: 'Copiée',
      done: 'Terminé',
      errors: {
        name: 'Saisissez un nom',
        name_long: 'Le nom peut contenir au plus {{max}} caractères',
        scopes: 'Sélectionnez au moins une autorisation',
        pii_alone: 'Les données personnelles se lisent par le flux ou les webhooks : sélectionnez aussi l’un des deux',
      },
    },
  },
};

export default integrations;
