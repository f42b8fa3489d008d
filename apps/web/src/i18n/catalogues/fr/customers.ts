/** French: the customers: categories, tabs, notifications, imports, exports and attachments. */
import type { Texts } from '../types';
import type en from '../en/customers';

const customers: Texts<typeof en> = {
  customers: {
    categories: {
      BASIC: 'Standard',
      VIP: 'VIP',
      BLACKLISTED: 'Liste noire',
    },
    search: 'Nom, téléphone, e-mail ou numéro de dossier',
    next_iid: 'Numéro suivant',
    key: 'Clé',
    value: 'Valeur',
    add_entry: 'Ajouter un champ',
    tabs: {
      customer: 'Client',
      modify: 'Modifier',
      notify: 'Notifier',
      booking: 'Réservation',
      ticket: 'Ticket',
      next_bookings: 'Prochaines réservations',
      booking_archive: 'Archive des réservations',
      queue_archive: 'Archive des files',
      attachments: 'Pièces jointes',
    },
    empty_tab: 'Rien pour l’instant.',
    no_next_booking: 'Aucun rendez-vous à venir.',
    no_past_booking: 'Aucun rendez-vous passé.',
    mark_vip: 'Marquer VIP',
    blacklist: 'Liste noire',
    make_basic: 'Remettre en standard',
    category_changed: 'Catégorie modifiée',
    notify: {
      action: 'Notifier',
      title: 'Envoyer un message',
      channel: 'Canal',
      email: 'E-mail',
      sms: 'SMS',
      subject: 'Objet',
      message: 'Message',
      send: 'Envoyer',
      sent: 'Messages envoyés : {{sent}}',
      sms_unavailable: 'Impossible d’envoyer des SMS : aucun service SMS n’est configuré',
    },
    import: {
      action: 'Importer',
      choose: 'Choisir un fichier (.CSV, .XSL, .XSLX)',
      uploading: 'Envoi en cours…',
      report: 'Rapport d’import',
      created: 'Importés : {{count}}',
      updated: 'Mis à jour : {{count}}',
      unchanged: 'Inchangés : {{count}}',
      rejected: 'Lignes rejetées',
      row: 'Ligne {{row}}',
      none_rejected: 'Aucune ligne rejetée.',
    },
    export: {
      csv: 'Exporter en CSV',
      xlsx: 'Exporter en XLSX',
    },
    attachments: {
      upload: 'Joindre un fichier',
      file_name: 'Fichier',
      size: 'Taille',
      created_at: 'Ajouté le',
      download: 'Télécharger',
      delete: 'Supprimer',
      empty: 'Aucune pièce jointe.',
      uploaded: 'Fichier joint',
      deleted: 'Fichier supprimé',
    },
  },
};

export default customers;
