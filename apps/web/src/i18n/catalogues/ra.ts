import { type RaTree, raToI18next } from '../translate';
import type { Tree } from './types';

/** react-admin's texts as a namespace of the catalogues. */
export type RaTexts = { ra: Tree };

/**
 * The react-admin texts the product ships in every language (the key-parity test holds each
 * language to exactly these). A language with a maintained ra-language package takes them
 * from it; the others write them out.
 */
export const RA_KEYS: readonly string[] = [
  'ra.action.add',
  'ra.action.add_filter',
  'ra.action.back',
  'ra.action.bulk_actions',
  'ra.action.cancel',
  'ra.action.clear_input_value',
  'ra.action.clone',
  'ra.action.confirm',
  'ra.action.create',
  'ra.action.delete',
  'ra.action.edit',
  'ra.action.export',
  'ra.action.list',
  'ra.action.refresh',
  'ra.action.remove_filter',
  'ra.action.remove',
  'ra.action.save',
  'ra.action.search',
  'ra.action.select_all',
  'ra.action.select_row',
  'ra.action.show',
  'ra.action.sort',
  'ra.action.undo',
  'ra.action.unselect',
  'ra.action.expand',
  'ra.action.close',
  'ra.action.open_menu',
  'ra.action.close_menu',
  'ra.action.update',
  'ra.action.move_up',
  'ra.action.move_down',
  'ra.action.open',
  'ra.action.reset',
  'ra.boolean.true',
  'ra.boolean.false',
  'ra.boolean.null',
  'ra.page.create',
  'ra.page.dashboard',
  'ra.page.edit',
  'ra.page.error',
  'ra.page.list',
  'ra.page.loading',
  'ra.page.not_found',
  'ra.page.show',
  'ra.page.empty',
  'ra.page.invite',
  'ra.page.access_denied',
  'ra.page.authentication_error',
  'ra.input.password.toggle_visible',
  'ra.input.password.toggle_hidden',
  'ra.message.about',
  'ra.message.are_you_sure',
  'ra.message.auth_error',
  'ra.message.bulk_delete_content',
  'ra.message.bulk_delete_title',
  'ra.message.delete_content',
  'ra.message.delete_title',
  'ra.message.details',
  'ra.message.error',
  'ra.message.invalid_form',
  'ra.message.loading',
  'ra.message.no',
  'ra.message.not_found',
  'ra.message.yes',
  'ra.message.unsaved_changes',
  'ra.message.access_denied',
  'ra.message.authentication_error',
  'ra.navigation.no_results',
  'ra.navigation.no_more_results',
  'ra.navigation.page_out_of_boundaries',
  'ra.navigation.page_out_from_end',
  'ra.navigation.page_out_from_begin',
  'ra.navigation.page_range_info',
  'ra.navigation.partial_page_range_info',
  'ra.navigation.current_page',
  'ra.navigation.page',
  'ra.navigation.first',
  'ra.navigation.last',
  'ra.navigation.next',
  'ra.navigation.previous',
  'ra.navigation.page_rows_per_page',
  'ra.navigation.skip_nav',
  'ra.sort.sort_by',
  'ra.sort.ASC',
  'ra.sort.DESC',
  'ra.auth.auth_check_error',
  'ra.auth.user_menu',
  'ra.auth.username',
  'ra.auth.password',
  'ra.auth.email',
  'ra.auth.sign_in',
  'ra.auth.sign_in_error',
  'ra.auth.logout',
  'ra.notification.updated',
  'ra.notification.created',
  'ra.notification.deleted',
  'ra.notification.bad_item',
  'ra.notification.item_doesnt_exist',
  'ra.notification.http_error',
  'ra.notification.data_provider_error',
  'ra.notification.i18n_error',
  'ra.notification.canceled',
  'ra.notification.logged_out',
  'ra.notification.not_authorized',
  'ra.notification.offline',
  'ra.validation.required',
  'ra.validation.minLength',
  'ra.validation.maxLength',
  'ra.validation.minValue',
  'ra.validation.maxValue',
  'ra.validation.number',
  'ra.validation.email',
  'ra.validation.oneOf',
  'ra.validation.regex',
  'ra.validation.unique',
];

function flatten(tree: Tree, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else flatten(v, key, out);
  }
  return out;
}

/**
 * The RA_KEYS texts of a ra-language package (converted to i18next's placeholders), each
 * replaced by `wording` where the product words it its own way. A key neither gives stays
 * missing, for the key-parity test to name.
 */
export function raTexts(messages: object, wording: RaTexts): RaTexts {
  const own = flatten(wording);
  const packaged = flatten(raToI18next(messages as RaTree));
  const out: Tree = {};
  for (const key of RA_KEYS) {
    const text = own[key] ?? packaged[key];
    if (text === undefined) continue;
    const path = key.split('.');
    let node = out;
    for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Tree;
    node[path[path.length - 1]] = text;
  }
  return out as RaTexts;
}
