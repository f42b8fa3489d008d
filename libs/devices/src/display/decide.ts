import { conflict, notFound } from '@tabour/platform';
import { changedSettings } from '../changes';
import type { DisplayCommand } from './commands';
import type { DisplayEvent } from './events';
import { checkDisplay } from './settings';
import type { DisplayState } from './state';

export function decide(c: DisplayCommand, state: DisplayState): DisplayEvent[] {
  const ids = { display_id: c.display_id, business_id: c.business_id };
  if (c.type === 'CreateDisplay') {
    if (state.status !== 'none') throw conflict('This display already exists', 'display_exists');
    return [{ type: 'DisplayCreated', data: { ...ids, key: c.key, settings: checkDisplay(c.settings) } }];
  }
  if (state.status !== 'active' || state.business_id !== c.business_id) throw notFound();
  switch (c.type) {
    case 'UpdateDisplay': {
      const changes = changedSettings(c.changes, checkDisplay({ ...state.settings, ...c.changes }), state.settings);
      return Object.keys(changes).length ? [{ type: 'DisplayUpdated', data: { ...ids, changes } }] : [];
    }
    case 'ResetDisplaySecret':
      return [{ type: 'DisplaySecretReset', data: ids }];
    case 'DeleteDisplay':
      return [{ type: 'DisplayDeleted', data: ids }];
  }
}
