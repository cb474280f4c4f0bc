export type { Authenticate, AuthOptions, AuthOutcome, JwtOptions, JwtPublicKey, Principal } from './auth';
export { apiKeyOf, createAuthenticator, storeIdOfApiKey } from './auth';
export type { HttpTimeouts } from './fastify-options';
export { basketFastifyOptions, DEFAULT_HTTP_TIMEOUTS } from './fastify-options';
export {
  canonicalJson,
  etagOf,
  parseIdempotencyKey,
  parseIfMatch,
  parseWaitMs,
  requestFingerprint,
} from './headers';
export type { OpenApiOptions } from './openapi/document';
export { HealthStatus, openApiDocument, publicEndpoints } from './openapi/document';
export { renderApiReference } from './openapi/html';
export type { JsonSchema, SchemaRegistry } from './openapi/json-schema';
export { createSchemaRegistry } from './openapi/json-schema';
export type { LoadLimits, LoadShedder } from './overload';
export { createLoadShedder } from './overload';
export type { BasketHttpOptions } from './plugin';
export { BODY_LIMIT, basketHttp, routeMatcher } from './plugin';
export { PROBLEM_CONTENT_TYPE, PROBLEM_TYPE_BASE, problem } from './problems';
export type { HttpMethod, RouteContext, RouteSpec, SuccessResponse } from './routes';
export { pathParameters, problemStatuses, routes } from './routes';
