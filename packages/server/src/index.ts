// @basket/server's public names (the package is mostly its `basket` CLI), listed one by one:
// docs/embedding.md lists them, and scripts/check-public-names.mjs fails when this list and the
// documented one differ.
export type { BasketServer } from './compose';
export { createBasketServer, openStorage } from './compose';
export type { ConfigReading, Environment, ServerConfig } from './config';
export { DEVELOPMENT_JWT_SECRET, readConfig } from './config';
export type { DevTokenOptions } from './dev-token';
export { mintDevToken } from './dev-token';
export { createLogger, type Logger } from './logger';
export type { ServerMetrics } from './metrics/registry';
export type { Timeouts } from './timeouts';
