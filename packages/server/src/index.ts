export type { BasketServer } from './compose';
export { createBasketServer, errorSummary, openStorage } from './compose';
export type { Environment, ServerConfig } from './config';
export { DEVELOPMENT_JWT_SECRET, readConfig } from './config';
export type { DevTokenOptions } from './dev-token';
export { mintDevToken } from './dev-token';
export { createLogger, logRequests, REDACTED_PATHS } from './logger';
export type { MetricsListener, RelayFigures, ServerMetrics } from './metrics/index';
export { createServerMetrics, listenForScrapes, measureRequests } from './metrics/index';
