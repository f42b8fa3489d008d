export * from './settings';
export * from './estimate';
export * from './queue';
export * from './note-type';
export * from './feedback';
export * from './tables';
export * from './projections';
