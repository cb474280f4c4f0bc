export * from './event-store';
export * from './json';
export * from './notifications';
export * from './outbox';
export * from './providers';
export * from './stats';
export * from './storage';
export * from './unit-of-work';
