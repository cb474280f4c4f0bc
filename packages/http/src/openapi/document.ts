import { MAX_EVENT_PAGE } from '@basket/app';
import { Problem } from '@basket/core';
import * as t from 'io-ts';
import { MAX_WAIT_MS } from '../headers';
import { PROBLEM_CONTENT_TYPE, WWW_AUTHENTICATE } from '../problems';
import { parametersOf, pathParameters, problemStatuses, type RouteSpec, routes } from '../routes';
import { createSchemaRegistry, type JsonSchema, type SchemaRegistry } from './json-schema';
import { serviceDescription, statusDescriptions } from './texts';

/** The answers of the unauthenticated endpoints. */
export const HealthStatus = t.type({ status: t.keyof({ ok: null, ready: null }) }, 'HealthStatus');

/** An endpoint outside the interface: no authentication, no problem but 404/405/500. */
type PublicEndpoint = {
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  readonly contentType: string;
  readonly schema: (registry: SchemaRegistry) => JsonSchema;
  readonly problems: ReadonlyArray<number>;
};

export const publicEndpoints: ReadonlyArray<PublicEndpoint> = [
  {
    path: '/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This OpenAPI 3.1 document (C-4.4)',
    contentType: 'application/json',
    schema: () => ({ type: 'object' }),
    problems: [],
  },
  {
    path: '/docs',
    operationId: 'getApiReference',
    summary: 'The API reference page, rendered from this document',
    contentType: 'text/html',
    schema: () => ({ type: 'string' }),
    problems: [],
  },
  {
    path: '/healthz',
    operationId: 'getHealth',
    summary: 'Liveness: the process answers',
    contentType: 'application/json',
    schema: (registry) => registry.schemaOf(HealthStatus),
    problems: [],
  },
  {
    path: '/readyz',
    operationId: 'getReadiness',
    summary: 'Readiness: storage answers and the server is not shutting down (503 otherwise)',
    contentType: 'application/json',
    schema: (registry) => registry.schemaOf(HealthStatus),
    problems: [503],
  },
];

const problemResponse = (status: number, problemRef: JsonSchema): JsonSchema => ({
  description: statusDescriptions[status] ?? 'An error.',
  content: { [PROBLEM_CONTENT_TYPE]: { schema: problemRef } },
  ...(status === 401
    ? {
        headers: {
          'WWW-Authenticate': { schema: { type: 'string', const: WWW_AUTHENTICATE['www-authenticate'] } },
        },
      }
    : {}),
});

const headerParameters = (route: RouteSpec): JsonSchema[] => [
  ...(route.ifMatch ? [{ $ref: '#/components/parameters/IfMatch' }] : []),
  ...(route.ifNoneMatch ? [{ $ref: '#/components/parameters/IfNoneMatch' }] : []),
  ...(route.modifying ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
];

/** C-4.4's cursor paging of a basket's history. */
const eventPageParameters: JsonSchema[] = [
  {
    name: 'after',
    in: 'query',
    required: false,
    description:
      'List the events after this version (default 0: from the first). The `nextAfter` of a page is the `after` of the next.',
    schema: { type: 'integer', minimum: 0, maximum: 2_147_483_647, default: 0 },
  },
  {
    name: 'limit',
    in: 'query',
    required: false,
    description: `At most this many events (default and maximum ${MAX_EVENT_PAGE}).`,
    schema: { type: 'integer', minimum: 1, maximum: MAX_EVENT_PAGE, default: MAX_EVENT_PAGE },
  },
];

const operation = (route: RouteSpec, registry: SchemaRegistry): JsonSchema => {
  const problemRef = registry.schemaOf(Problem);
  const parameters = [
    ...parametersOf(route.path).map((name) => ({
      name,
      in: 'path',
      required: true,
      description: pathParameters[name]?.description ?? name,
      schema: registry.schemaOf(pathParameters[name]?.codec ?? t.string),
    })),
    ...headerParameters(route),
    ...(route.query === 'waitMs'
      ? [
          {
            name: 'waitMs',
            in: 'query',
            required: false,
            description:
              'Hold the answer until the notification completes or this many milliseconds pass (C-5.2).',
            schema: { type: 'integer', minimum: 0, maximum: MAX_WAIT_MS },
          },
        ]
      : []),
    ...(route.query === 'eventPage' ? eventPageParameters : []),
  ];
  const successes = Object.fromEntries(
    route.responses.map((response) => [
      String(response.status),
      {
        description: response.description,
        ...(route.etag && (response.status === 200 || response.status === 304)
          ? { headers: { ETag: { $ref: '#/components/headers/ETag' } } }
          : {}),
        ...(response.codec === undefined
          ? {}
          : { content: { 'application/json': { schema: registry.schemaOf(response.codec) } } }),
      },
    ]),
  );
  const problems = Object.fromEntries(
    problemStatuses(route).map((status) => [String(status), problemResponse(status, problemRef)]),
  );
  return {
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    description: route.description,
    parameters,
    ...(route.request === undefined
      ? {}
      : {
          requestBody: {
            required: route.request.required,
            description: route.request.description,
            content: { 'application/json': { schema: registry.schemaOf(route.request.codec) } },
          },
        }),
    responses: { ...successes, ...problems },
  };
};

const publicOperation = (endpoint: PublicEndpoint, registry: SchemaRegistry): JsonSchema => {
  const problemRef = registry.schemaOf(Problem);
  return {
    operationId: endpoint.operationId,
    tags: ['Service'],
    summary: endpoint.summary,
    security: [],
    responses: {
      '200': {
        description: 'OK',
        content: { [endpoint.contentType]: { schema: endpoint.schema(registry) } },
      },
      ...Object.fromEntries(
        [...endpoint.problems, 500].map((status) => [String(status), problemResponse(status, problemRef)]),
      ),
    },
  };
};

export type OpenApiOptions = {
  readonly servers?: ReadonlyArray<{ readonly url: string; readonly description?: string }>;
};

/** The OpenAPI 3.1 document of every endpoint, generated from the route table and the core codecs. */
export const openApiDocument = (options: OpenApiOptions = {}): JsonSchema => {
  const registry = createSchemaRegistry();
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operation(route, registry) };
  }
  for (const endpoint of publicEndpoints) paths[endpoint.path] = { get: publicOperation(endpoint, registry) };
  return {
    openapi: '3.1.0',
    info: { title: 'Basket service', version: '2023', description: serviceDescription },
    ...(options.servers === undefined ? {} : { servers: options.servers }),
    tags: ['Baskets', 'Line items', 'Checkout', 'Notifications', 'Service'].map((name) => ({ name })),
    security: [{ apiKey: [], bearer: [] }],
    paths,
    components: {
      schemas: registry.components(),
      securitySchemes: {
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'x-api-key',
          description: 'base64 of the store id (C-2.2)',
        },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: '`sub` = contact (C-2.3)',
        },
      },
      parameters: {
        IfMatch: {
          name: 'If-Match',
          in: 'header',
          required: false,
          description: '`*` or one entity tag; a stale version is a 412 and nothing changes (C-6.1).',
          schema: { type: 'string', examples: ['"3"'] },
        },
        IfNoneMatch: {
          name: 'If-None-Match',
          in: 'header',
          required: false,
          description:
            '`*` or entity tags (weak or strong); naming the current version answers 304 without a body, ' +
            'unless a hold ran out since that version (C-7.8). A malformed value is a 400.',
          schema: { type: 'string', examples: ['"3"'] },
        },
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: 'Replays the first answer for 24 hours; reused with another request: 422 (C-6.3).',
          schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7e]+$' },
        },
      },
      headers: {
        ETag: {
          description: 'The basket version: the number of events in its stream (C-6.1).',
          schema: { type: 'string', pattern: '^"[1-9][0-9]*"$' },
        },
      },
    },
  };
};
