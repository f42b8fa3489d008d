export * from './types';
export * from './messages';
export { availability, checkSlot, dayStatusText } from './engine';
export { MAX_RANGE_DAYS } from './context';
