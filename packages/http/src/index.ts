// @basket/http's public names, listed one by one: docs/adapters.md lists them, and
// scripts/check-public-names.mjs fails when this list and the documented one differ.
export type { Authenticate, AuthOptions, AuthOutcome, JwtOptions, JwtPublicKey, Principal } from './auth';
export { apiKeyOf, createAuthenticator, MIN_RSA_BITS, storeIdOfApiKey } from './auth';
export type { CorsOptions } from './cors';
export type { HttpTimeouts } from './fastify-options';
export { basketFastifyOptions } from './fastify-options';
export {
  etagOf,
  operationFingerprint,
  type Parsed,
  parseIdempotencyKey,
  parseIfMatch,
  parseIfNoneMatch,
  parseWaitMs,
  requestFingerprint,
} from './headers';
export type { OpenApiOptions } from './openapi/document';
export { openApiDocument } from './openapi/document';
export { renderApiReference } from './openapi/html';
export type { JsonSchema } from './openapi/json-schema';
export type { LoadFigures, LoadLimits } from './overload';
export type { BasketHttpOptions } from './plugin';
export { basketHttp } from './plugin';
export type { HttpMethod, RouteContext, RouteSpec, SuccessResponse } from './routes';
export { routes } from './routes';
