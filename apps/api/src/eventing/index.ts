export * from './eventing.module';
export * from './projection-registry';
export * from './scheduler';
