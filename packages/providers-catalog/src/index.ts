export { type Latency, latency } from './latency';
export { CatalogFileError, demoCatalogPath, loadCatalogFile, parseCatalogText } from './load';
export {
  type PaymentSimulationOptions,
  type SimulatedPaymentProvider,
  simulatedPaymentProvider,
} from './payment';
export { type SimulatedProviders, type SimulationOptions, simulatedProviders } from './providers';
