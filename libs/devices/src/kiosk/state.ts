import type { KioskSettings } from '@tabour/contracts';

export const kioskStream = (id: string) => `kiosk-${id}`;

export type KioskState = { status: 'none' } | { status: 'active' | 'deleted'; business_id: string; key: string; settings: KioskSettings };

export const initialKioskState = (): KioskState => ({ status: 'none' });
