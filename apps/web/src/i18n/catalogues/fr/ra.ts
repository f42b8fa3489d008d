/**
 * French: react-admin's own texts from ra-language-french, with the product's wording where it differs
 * (and the plural texts, which the package words as "one |||| many").
 */
import messages from 'ra-language-french';
import { raTexts } from '../ra';

export default raTexts(messages, {
  ra: {
    action: {
      bulk_actions: '{{smart_count}} sélectionné(s)',
      move_up: 'Monter',
      move_down: 'Descendre',
    },
    boolean: {
      null: ' ',
    },
    page: {
      access_denied: 'Accès refusé',
    },
    input: {
      password: {
        toggle_visible: 'Masquer le mot de passe',
        toggle_hidden: 'Afficher le mot de passe',
      },
    },
    message: {
      auth_error: "Une erreur est survenue lors de la validation du jeton d'authentification.",
      bulk_delete_content: 'Êtes-vous sûr(e) de vouloir supprimer ces {{smart_count}} éléments ?',
      bulk_delete_title: 'Supprimer {{smart_count}} {{name}}',
      loading: 'Veuillez patienter',
      unsaved_changes: "Certaines modifications n'ont pas été enregistrées. Êtes-vous sûr(e) de vouloir quitter cette page ?",
      access_denied: "Vous n'avez pas les droits nécessaires pour accéder à cette page",
      authentication_error: "Le serveur d'authentification a renvoyé une erreur et vos identifiants n'ont pas pu être vérifiés.",
    },
    sort: {
      sort_by: 'Trier par {{field}} {{order}}',
    },
    auth: {
      email: 'E-mail',
    },
    notification: {
      updated: 'Élément mis à jour',
      deleted: 'Élément supprimé',
    },
    validation: {
      email: 'Doit être un e-mail',
      oneOf: 'Doit être au choix : {{options}}',
      regex: 'Doit respecter un format spécifique (regexp) : {{pattern}}',
    },
  },
});
