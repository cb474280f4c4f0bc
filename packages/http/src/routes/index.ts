import { PathId, PathProviderIdentity } from '@basket/core';
import type * as t from 'io-ts';
import { basketRoutes } from './basket-routes';
import { lineRoutes } from './line-routes';
import { otherRoutes } from './other-routes';
import type { RouteSpec } from './route';

export type { HttpMethod, RouteContext, RouteSpec, SuccessResponse } from './route';
export { problemStatuses } from './route';

/** Every authenticated endpoint: the 17 of the interface and the reads of C-4.4. */
export const routes: ReadonlyArray<RouteSpec> = [...basketRoutes, ...lineRoutes, ...otherRoutes];

/** The codec and meaning of each path parameter (C-1.6, C-9.2). */
export const pathParameters: Readonly<
  Record<string, { readonly codec: t.Any; readonly description: string }>
> = {
  id: { codec: PathId, description: 'The basket id.' },
  paymentIntentId: { codec: PathId, description: 'The payment intent id.' },
  notificationId: { codec: PathId, description: 'The notification id.' },
  productId: {
    codec: PathProviderIdentity,
    description: 'The product id (for select-slot: the time slot product).',
  },
  providerBasketId: { codec: PathProviderIdentity, description: 'The provider basket id.' },
  lineItemId: { codec: PathProviderIdentity, description: 'The line item id.' },
};

/** The names of the `{parameters}` of an OpenAPI path, in order. */
export const parametersOf = (path: string): string[] =>
  [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');

/** An OpenAPI path in Fastify's form: `/baskets/{id}` → `/baskets/:id`. */
export const fastifyPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');
