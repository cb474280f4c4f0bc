export * from './basket';
export * from './catalog';
export * from './decider';
export * from './money';
export * from './payment-intent';
export * from './views';
export * from './wire';
