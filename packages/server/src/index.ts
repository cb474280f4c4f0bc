export { createBasketServer, errorSummary, openStorage } from './compose';
export type { BasketServer } from './compose';
export { DEVELOPMENT_JWT_SECRET, readConfig } from './config';
export type { Environment, ServerConfig } from './config';
export { mintDevToken } from './dev-token';
export type { DevTokenOptions } from './dev-token';
export { createLogger, logRequests, REDACTED_PATHS } from './logger';
