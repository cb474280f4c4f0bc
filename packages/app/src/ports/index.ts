export * from './event-store';
export * from './json';
export * from './notifications';
export * from './outbox';
export * from './providers';
export * from './unit-of-work';
export * from './storage';
