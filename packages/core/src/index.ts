export * from './basket';
export * from './catalog';
export * from './decider';
export * from './payment-intent';
export * from './primitives';
export * from './values';
export * from './views';
export * from './wire';
