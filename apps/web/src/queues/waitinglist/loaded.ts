import type { ComponentType } from 'react';

/** The screen, once its module has run; route.tsx reads it here so that the screen never imports its route back. */
export const loadedScreen: { page?: ComponentType } = {};

/** Called by WaitingList.tsx as it loads: from then on the route renders it without a turn in Suspense. */
export function registerWaitingList(page: ComponentType): void {
  loadedScreen.page = page;
}
