export * from './event-store';
export * from './json';
export * from './notifications';
export * from './outbox';
export * from './provider-ledger';
export * from './providers';
export * from './storage';
export * from './unit-of-work';
