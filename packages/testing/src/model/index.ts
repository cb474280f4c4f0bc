export { basketModelCommands, type ModelCommand } from './commands';
export { countingIds, type ManualClock, manualClock } from './deterministic';
export { checkSettled, settle } from './invariants';
export {
  type BasketModel,
  drive,
  expectAccepted,
  liveBaskets,
  type ModelBasket,
  type ModelSystem,
  pickBasket,
} from './model';
export { scheduledStorage } from './scheduled-storage';
export { demoTargets, type ModelTargets, type StockedTarget } from './targets';
export { decodeBasket, linesInView, unitsInView } from './view-units';
