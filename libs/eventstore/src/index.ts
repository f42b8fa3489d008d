export * from './types';
export * from './errors';
export * from './pg-event-store';
export * from './decider';
