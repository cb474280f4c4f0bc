// The Basket aggregate and the inventory it holds: what other packages may use.

export * from '../inventory/resources';
export * from '../inventory/seat-map';
export * from '../inventory/seat-search';
export * from './commands';
export * from './customer-details';
export { decideBasket } from './decide';
export { afterExpiry, expiryEvents } from './decide-expiry';
export type { Decision } from './decide-support';
export { freshIdsNeeded, MAX_LINES, MAX_PROVIDER_BASKETS } from './decide-support';
export * from './decider';
export * from './event-schema';
export * from './events';
export * from './evolve';
export * from './facts';
export * from './guards';
export * from './holds';
export * from './line';
export * from './machine';
export * from './resources-to-check';
export * from './seat-selection';
export * from './state';
