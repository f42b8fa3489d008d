import { conflict, notFound } from '@tabour/platform';
import { changedSettings } from '../changes';
import type { KioskCommand } from './commands';
import type { KioskEvent } from './events';
import { checkKiosk } from './settings';
import type { KioskState } from './state';

export function decide(c: KioskCommand, state: KioskState): KioskEvent[] {
  const ids = { kiosk_id: c.kiosk_id, business_id: c.business_id };
  if (c.type === 'CreateKiosk') {
    if (state.status !== 'none') throw conflict('This kiosk already exists', 'kiosk_exists');
    return [{ type: 'KioskCreated', data: { ...ids, key: c.key, settings: checkKiosk(c.settings) } }];
  }
  if (state.status !== 'active' || state.business_id !== c.business_id) throw notFound();
  switch (c.type) {
    case 'UpdateKiosk': {
      const changes = changedSettings(c.changes, checkKiosk({ ...state.settings, ...c.changes }), state.settings);
      return Object.keys(changes).length ? [{ type: 'KioskUpdated', data: { ...ids, changes } }] : [];
    }
    case 'ResetKioskSecret':
      return [{ type: 'KioskSecretReset', data: ids }];
    case 'DeleteKiosk':
      return [{ type: 'KioskDeleted', data: ids }];
  }
}
