import type { Catalogue } from './en';

const fr: Catalogue = {
  ra: {
    action: {
      add: 'Ajouter', add_filter: 'Ajouter un filtre', back: 'Retour', bulk_actions: '{{smart_count}} sélectionné(s)', cancel: 'Annuler',
      clear_input_value: 'Vider le champ', clone: 'Dupliquer', confirm: 'Confirmer', create: 'Créer', delete: 'Supprimer', edit: 'Éditer',
      export: 'Exporter', list: 'Liste', refresh: 'Actualiser', remove_filter: 'Supprimer ce filtre', remove: 'Supprimer', save: 'Enregistrer',
      search: 'Rechercher', select_all: 'Tout sélectionner', select_row: 'Sélectionner cette ligne', show: 'Afficher', sort: 'Trier', undo: 'Annuler',
      unselect: 'Désélectionner', expand: 'Étendre', close: 'Fermer', open_menu: 'Ouvrir le menu', close_menu: 'Fermer le menu', update: 'Modifier',
      move_up: 'Monter', move_down: 'Descendre', open: 'Ouvrir', reset: 'Réinitialiser',
    },
    boolean: { true: 'Oui', false: 'Non', null: ' ' },
    page: {
      create: 'Créer {{name}}', dashboard: 'Tableau de bord', edit: '{{name}} {{recordRepresentation}}', error: 'Un problème est survenu',
      list: '{{name}}', loading: 'Chargement', not_found: 'Page manquante', show: '{{name}} {{recordRepresentation}}', empty: 'Pas encore de {{name}}.',
      invite: 'Voulez-vous en créer un ?', access_denied: 'Accès refusé', authentication_error: "Erreur d'authentification",
    },
    input: { password: { toggle_visible: 'Masquer le mot de passe', toggle_hidden: 'Afficher le mot de passe' } },
    message: {
      about: 'Au sujet de', are_you_sure: 'Êtes-vous sûr ?', auth_error: "Une erreur est survenue lors de la validation du jeton d'authentification.",
      bulk_delete_content: 'Êtes-vous sûr(e) de vouloir supprimer ces {{smart_count}} éléments ?', bulk_delete_title: 'Supprimer {{smart_count}} {{name}}',
      delete_content: 'Êtes-vous sûr(e) de vouloir supprimer cet élément ?', delete_title: 'Supprimer {{name}} {{recordRepresentation}}',
      details: 'Détails', error: "En raison d'une erreur côté navigateur, votre requête n'a pas pu aboutir.",
      invalid_form: "Le formulaire n'est pas valide.", loading: 'Veuillez patienter', no: 'Non',
      not_found: "L'URL saisie est incorrecte, ou vous avez suivi un mauvais lien.", yes: 'Oui',
      unsaved_changes: "Certaines modifications n'ont pas été enregistrées. Êtes-vous sûr(e) de vouloir quitter cette page ?",
      access_denied: "Vous n'avez pas les droits nécessaires pour accéder à cette page",
      authentication_error: "Le serveur d'authentification a renvoyé une erreur et vos identifiants n'ont pas pu être vérifiés.",
    },
    navigation: {
      no_results: 'Aucun résultat', no_more_results: 'La page numéro {{page}} est en dehors des limites. Essayez la page précédente.',
      page_out_of_boundaries: 'La page {{page}} est en dehors des limites', page_out_from_end: 'Fin de la pagination',
      page_out_from_begin: 'La page doit être supérieure à 1', page_range_info: '{{offsetBegin}}-{{offsetEnd}} sur {{total}}',
      partial_page_range_info: '{{offsetBegin}}-{{offsetEnd}} sur plus de {{offsetEnd}}', current_page: 'Page {{page}}',
      page: 'Aller à la page {{page}}', first: 'Aller à la première page', last: 'Aller à la dernière page', next: 'Aller à la prochaine page',
      previous: 'Aller à la page précédente', page_rows_per_page: 'Lignes par page :', skip_nav: 'Aller au contenu',
    },
    sort: { sort_by: 'Trier par {{field}} {{order}}', ASC: 'croissant', DESC: 'décroissant' },
    auth: {
      auth_check_error: 'Merci de vous connecter pour continuer', user_menu: 'Profil', username: 'Identifiant', password: 'Mot de passe',
      email: 'E-mail', sign_in: 'Connexion', sign_in_error: "Échec de l'authentification, merci de réessayer", logout: 'Déconnexion',
    },
    notification: {
      updated: 'Élément mis à jour', created: 'Élément créé', deleted: 'Élément supprimé', bad_item: 'Élément inconnu',
      item_doesnt_exist: "L'élément n'existe pas", http_error: 'Erreur de communication avec le serveur',
      data_provider_error: 'Erreur dans le dataProvider. Plus de détails dans la console.', i18n_error: 'Erreur de chargement des traductions pour la langue sélectionnée',
      canceled: 'Action annulée', logged_out: 'Votre session a pris fin, veuillez vous reconnecter.',
      not_authorized: "Vous n'êtes pas autorisé(e) à accéder à cette ressource.", offline: 'Pas de connexion. Impossible de charger les données.',
    },
    validation: {
      required: 'Ce champ est requis', minLength: 'Minimum {{min}} caractères', maxLength: 'Maximum {{max}} caractères',
      minValue: 'Minimum {{min}}', maxValue: 'Maximum {{max}}', number: 'Doit être un nombre',
      email: 'Doit être un e-mail', oneOf: 'Doit être au choix : {{options}}', regex: 'Doit respecter un format spécifique (regexp) : {{pattern}}',
      unique: 'Doit être unique',
    },
  },
  app: {
    name: 'Tabour',
    language: 'Langue',
    loading: 'Chargement…',
    toast: {
      successful: 'SUCCÈS', sorry: 'Désolé !', saved: 'Vos modifications ont été enregistrées', created: 'Création réussie',
      deleted: 'Suppression réussie', order_saved: "L'ordre a été enregistré",
    },
    menu: {
      dashboard: 'Tableau de bord', activity: 'Activité', profile: 'Profil', settings: 'Paramètres', business: "Informations de l'entreprise",
      departments: 'Départements', services: 'Services', team: 'Équipe', holidays: 'Congés', logout: 'Déconnexion',
    },
    auth: {
      title: 'Connectez-vous à votre compte', email: 'E-mail', password: 'Mot de passe', captcha: 'Code de sécurité',
      captcha_alt: 'Image du code de sécurité', captcha_refresh: 'Afficher un autre code', login: 'Se connecter',
      no_account: 'Pas encore de compte ?', register_link: 'Inscrire votre entreprise', forgot_link: 'Mot de passe oublié ?',
      from_register: 'Votre compte a été créé. Dès qu’il sera approuvé, vous pourrez vous connecter.',
      failed: "L'e-mail et le mot de passe ne correspondent pas à nos données", back_to_login: 'Retour à la connexion',
    },
    register: {
      title: 'Inscrire votre entreprise', business_name: "Nom de l'entreprise", first_name: 'Prénom', last_name: 'Nom',
      email: 'E-mail', phone: 'Numéro de téléphone', country: 'Pays', password: 'Mot de passe', password_confirmation: 'Confirmer le mot de passe',
      terms: "J'accepte les conditions générales", terms_required: 'Vous DEVEZ accepter nos conditions générales',
      password_mismatch: 'La confirmation du mot de passe ne correspond pas', submit: "S'inscrire", failed: "Inscription impossible",
      have_account: 'Déjà inscrit ?',
    },
    password: {
      hint: 'Au moins 8 caractères avec minuscule, majuscule, chiffre et caractère spécial',
      weak: 'Le mot de passe doit comporter au moins 8 caractères avec minuscule, majuscule, chiffre et caractère spécial',
      forgot_title: 'Mot de passe oublié ?', forgot_intro: 'Saisissez votre e-mail : nous vous enverrons un code de réinitialisation.',
      send_code: 'Envoyer le code', code_sent: 'Si un compte utilise cet e-mail, un code de réinitialisation lui a été envoyé',
      reset_title: 'Choisir un nouveau mot de passe', code: 'Code de réinitialisation', new_password: 'Nouveau mot de passe', confirm: 'Confirmer le nouveau mot de passe',
      reset_submit: 'Changer mon mot de passe', reset_done: 'Votre mot de passe a été changé, vous pouvez vous connecter',
      reset_failed: "L'e-mail et le code de réinitialisation ne correspondent pas", have_code: "J'ai un code",
    },
    pages: {
      privacy_title: 'Politique de confidentialité',
      privacy_body: "Nous conservons les données saisies par votre entreprise uniquement pour gérer vos files d'attente et vos rendez-vous. Nous ne les vendons jamais. Vous pouvez les exporter ou les supprimer à tout moment depuis les paramètres.",
      terms_title: 'Conditions générales',
      terms_body: "En utilisant ce service, vous vous engagez à l'utiliser légalement, à garder vos identifiants secrets et à respecter la vie privée de vos clients.",
      not_found_title: 'Erreur 404', not_found_body: "La page que vous cherchez n'existe pas.", go_home: "Aller à la page d'accueil",
      denied_title: 'Accès refusé', denied_body: "Votre rôle ne vous permet pas d'ouvrir cette page.",
      upgrade: 'Vous devez mettre à niveau votre compte pour accéder à cette fonctionnalité',
    },
    dashboard: {
      welcome: 'Bienvenue, {{name}} !', intro: 'Configurez votre compte en quelques étapes pour que votre équipe puisse servir vos clients.',
      quick_setup: 'Configuration rapide du compte', step_business: "Informations de l'entreprise", step_departments: 'Départements',
      step_services: 'Services', step_team: 'Équipe', later: 'Plus tard', resume: 'Afficher la configuration du compte',
      hello: 'Bonjour {{name}}, voici votre entreprise {{business}}.',
    },
    profile: {
      title: 'Mon profil', account: 'Compte', first_name: 'Prénom', last_name: 'Nom', email: 'E-mail', phone: 'Numéro de téléphone',
      language: 'Langue préférée', password_title: 'Changer mon mot de passe', current_password: 'Mot de passe actuel',
      new_password: 'Nouveau mot de passe', confirm: 'Confirmer le nouveau mot de passe', save: 'Enregistrer', change_password: 'Changer le mot de passe',
    },
    business: {
      title: "Informations de l'entreprise", basic: 'Informations de base', location: 'Localisation', working_days: "Jours d'ouverture",
      translations: 'Traductions', booking: 'Confirmation des rendez-vous', name: "Nom de l'entreprise", industry: "Secteur d'activité",
      country: 'Pays', city: 'Ville', address: 'Adresse', postal_code: 'Code postal', phone: 'Téléphone', email: 'E-mail',
      sms_sender_name: "Nom d'expéditeur SMS", time_zone: 'Fuseau horaire', slot_minutes: 'Durée du créneau (minutes)',
      booking_days_limit: "Rendez-vous possibles jusqu'à (jours à l'avance)", booking_confirmation: 'Les rendez-vous doivent être confirmés',
      published: 'Publiée', lat: 'Latitude', lng: 'Longitude', open: 'Ouvert', closed: 'Fermé', from: 'De', to: 'À',
      add_range: 'Ajouter des horaires', remove_range: 'Supprimer ces horaires', translation_name: 'Nom', translation_description: 'Description',
      days_invalid: 'Le nombre de jours est invalide',
    },
    days: { monday: 'Lundi', tuesday: 'Mardi', wednesday: 'Mercredi', thursday: 'Jeudi', friday: 'Vendredi', saturday: 'Samedi', sunday: 'Dimanche' },
    services: {
      reorder: 'Réordonner', reorder_title: 'Ordre des services', reorder_hint: "Faites glisser les services dans l'ordre vu par les clients (ordre USSD).",
      save_order: "Enregistrer l'ordre", drag: 'Faire glisser pour déplacer', sub_services: 'Sous-services', parent: 'Service parent', none: 'Aucun',
      minutes: 'minutes', seconds: 'secondes',
    },
    team: { positions: { Admin: 'Administrateur', CEO: 'Directeur général', Employee: 'Employé', 'Front Desk': 'Accueil', Manager: 'Responsable', Other: 'Autre', Secretary: 'Secrétaire' } },
    holidays: {
      types: { vacation: 'Congé', holiday: 'Jour férié', other: 'Autre' },
      scopes: { agency: "Toute l'entreprise", me: 'Moi', members: "Membres de l'équipe" },
      statuses: { pending: 'En attente', approved: 'Approuvé', declined: 'Refusé' },
    },
    errors: {
      bad_credentials: "L'e-mail et le mot de passe ne correspondent pas à nos données", captcha_required: 'Vous DEVEZ prouver que vous êtes humain',
      captcha_incorrect: 'Code de sécurité incorrect', email_taken: "L'e-mail est invalide ou utilisé par un autre compte",
      weak_password: 'Le mot de passe doit comporter au moins 8 caractères avec minuscule, majuscule, chiffre et caractère spécial',
      wrong_password: "Le mot de passe actuel n'est pas correct", reset_mismatch: "L'e-mail et le code de réinitialisation ne correspondent pas",
      plan_required: 'Vous devez mettre à niveau votre compte pour accéder à cette fonctionnalité',
      has_sub_services: "Ce service a des sous-services : déplacez-les ou supprimez-les d'abord",
      concurrency: "L'élément a été modifié en même temps par quelqu'un d'autre, réessayez",
      internal: 'Un problème est survenu de notre côté, veuillez réessayer', not_found: 'Aucune donnée trouvée',
      awaiting_approval: 'Votre compte est en attente d’approbation',
    },
    activity: {
      title: 'Activité', who: 'Qui', what: 'Quoi', when: 'Quand', record: 'Élément', from: 'Du', to: 'Au', type: "Type d'événement",
      actors: { user: 'Utilisateur', system: 'Système', kiosk: 'Borne', display: 'Écran', customer: 'Client' },
    },
  },
  resources: {
    'settings/departments': {
      name: 'Départements', name_one: 'Département',
      fields: {
        name: 'Nom', primary_color: 'Couleur principale', secondary_color: 'Couleur secondaire', text_color: 'Couleur du texte',
        slot_duration: 'Durée du créneau (minutes)', max_bookings_per_slot: 'Rendez-vous par créneau', max_daily_bookings: 'Rendez-vous par jour',
        can_select_member: "Les clients peuvent choisir un membre de l'équipe", must_select_member: "Les clients doivent choisir un membre de l'équipe",
        service_ids: 'Services', services: 'Services', created_at: 'Créé le',
      },
    },
    'settings/services': {
      name: 'Services', name_one: 'Service',
      fields: {
        name: 'Nom', price: 'Prix', duration: 'Durée', duration_unit: 'Unité', category: 'Catégorie', parent_id: 'Service parent',
        ussd_order: 'Ordre', sub_services: 'Sous-services', created_at: 'Créé le',
      },
    },
    'settings/team': {
      name: 'Équipe', name_one: 'Membre de l\'équipe',
      fields: {
        first_name: 'Prénom', last_name: 'Nom', name: 'Nom', email: 'E-mail', phone: 'Téléphone', position: 'Poste',
        role: 'Rôle', department_id: 'Département', department_name: 'Département', is_bookable: 'Réservable',
        member_since: 'Membre depuis', working_days: 'Jours de travail',
      },
    },
    'settings/holidays': {
      name: 'Congés', name_one: 'Congé',
      fields: {
        type: 'Type', scope: 'Pour', member_ids: "Membres de l'équipe", reason: 'Motif', start_date: 'Premier jour', end_date: 'Dernier jour',
        status: 'Statut', created_at: 'Créé le',
      },
    },
    activity: { name: 'Activité', name_one: 'Activité', fields: { type: 'Quoi', actor: 'Qui', recorded_at: 'Quand', stream_id: 'Élément', from: 'Du', to: 'Au' } },
  },
};

export default fr;
