import type { DisplaySettings } from '@tabour/contracts';

export const displayStream = (id: string) => `display-${id}`;

export type DisplayState = { status: 'none' } | { status: 'active' | 'deleted'; business_id: string; key: string; settings: DisplaySettings };

export const initialDisplayState = (): DisplayState => ({ status: 'none' });
