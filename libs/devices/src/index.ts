export * from './common';
export * from './kiosk';
export * from './display';
export * from './tables';
export * from './projections';
