import { callOperation } from '@basket/app';
import { operationEntries } from '@basket/core';
import type { RouteSpec } from './route';

export { parametersOf, pathParameters } from '@basket/core';
export type { HttpMethod, RouteContext, RouteSpec, SuccessResponse } from './route';
export { problemStatuses } from './route';

/** Every authenticated endpoint, one per entry of the operation table: the 17 of the interface and the reads of C-4.4. */
export const routes: ReadonlyArray<RouteSpec> = operationEntries.map(({ name, ...operation }) => ({
  ...operation,
  operationId: name,
  call: (api, context) => callOperation(api, name, context.caller, context),
}));

/** An OpenAPI path in Fastify's form: `/baskets/{id}` → `/baskets/:id`. */
export const fastifyPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');
