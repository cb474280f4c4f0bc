export { basketModelCommands, type ModelCommand } from './commands';
export { countingIds, type ManualClock, manualClock } from './deterministic';
export { allOutbox, checkSettled, settle } from './invariants';
export {
  type BasketModel,
  type BasketStatus,
  callerOf,
  drive,
  expectAccepted,
  expectStateRefusal,
  liveBaskets,
  type ModelBasket,
  type ModelSystem,
  pickBasket,
} from './model';
export { paymentCommands } from './payment-commands';
export { scheduledStorage } from './scheduled-storage';
export { demoTargets, type ModelTargets, type StockedTarget } from './targets';
export { decodeBasket, linesInView, unitsInView } from './view-units';
