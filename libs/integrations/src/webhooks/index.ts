export * from './address';
export * from './signature';
export * from './schedule';
export * from './webhook';
export * from './tables';
export * from './outbox';
