/** French: the settings screens: business, opening days, services, team, holidays and ticket note types. */
import type { Texts } from '../types';
import type en from '../en/settings';

const settings: Texts<typeof en> = {
  app: {
    business: {
      title: "Informations de l'entreprise",
      basic: 'Informations de base',
      location: 'Localisation',
      working_days: "Jours d'ouverture",
      translations: 'Traductions',
      booking: 'Confirmation des rendez-vous',
      name: "Nom de l'entreprise",
      industry: "Secteur d'activité",
      country: 'Pays',
      city: 'Ville',
      address: 'Adresse',
      postal_code: 'Code postal',
      phone: 'Téléphone',
      email: 'E-mail',
      sms_sender_name: "Nom d'expéditeur SMS",
      time_zone: 'Fuseau horaire',
      slot_minutes: 'Durée du créneau (minutes)',
      booking_days_limit: "Rendez-vous possibles jusqu'à (jours à l'avance)",
      booking_confirmation: 'Les rendez-vous doivent être confirmés',
      published: 'Publiée',
      lat: 'Latitude',
      lng: 'Longitude',
      open: 'Ouvert',
      closed: 'Fermé',
      from: 'De',
      to: 'À',
      add_range: 'Ajouter des horaires',
      remove_range: 'Supprimer ces horaires',
      translation_name: 'Nom',
      translation_description: 'Description',
      days_invalid: 'Le nombre de jours est invalide',
    },
    days: {
      monday: 'Lundi',
      tuesday: 'Mardi',
      wednesday: 'Mercredi',
      thursday: 'Jeudi',
      friday: 'Vendredi',
      saturday: 'Samedi',
      sunday: 'Dimanche',
    },
    services: {
      reorder: 'Réordonner',
      reorder_title: 'Ordre des services',
      reorder_hint: "Faites glisser les services dans l'ordre vu par les clients (ordre USSD).",
      save_order: "Enregistrer l'ordre",
      drag: 'Faire glisser pour déplacer',
      sub_services: 'Sous-services',
      parent: 'Service parent',
      none: 'Aucun',
      minutes: 'minutes',
      seconds: 'secondes',
    },
    team: {
      positions: {
        Admin: 'Administrateur',
        CEO: 'Directeur général',
        Employee: 'Employé',
        'Front Desk': 'Accueil',
        Manager: 'Responsable',
        Other: 'Autre',
        Secretary: 'Secrétaire',
      },
    },
    holidays: {
      types: {
        vacation: 'Congé',
        holiday: 'Jour férié',
        other: 'Autre',
      },
      scopes: {
        agency: "Toute l'entreprise",
        me: 'Moi',
        members: "Membres de l'équipe",
      },
      statuses: {
        pending: 'En attente',
        approved: 'Approuvé',
        declined: 'Refusé',
      },
    },
  },
  note_types: {
    colour_invalid: 'Saisissez une couleur au format #rrggbb',
  },
};

export default settings;
