/**
 * English: react-admin's own texts from ra-language-english, with the product's wording where it differs
 * (and the plural texts, which the package words as "one |||| many").
 */
import messages from 'ra-language-english';
import { raTexts } from '../ra';

export default raTexts(messages, {
  ra: {
    action: {
      bulk_actions: '{{smart_count}} selected',
    },
    boolean: {
      null: ' ',
    },
    message: {
      bulk_delete_content: 'Are you sure you want to delete these {{smart_count}} items?',
      bulk_delete_title: 'Delete {{smart_count}} {{name}}',
      error: 'A client error occurred and your request could not be completed.',
    },
    sort: {
      sort_by: 'Sort by {{field}} {{order}}',
    },
    notification: {
      updated: 'Element updated',
      deleted: 'Element deleted',
    },
  },
});
