import type * as t from 'io-ts';
import { PathId, PathProviderIdentity } from '../wire';

/**
 * The path parameters of the interface (C-1.6, C-9.2): the codec that decodes each, the name the
 * decoded value goes by (`{id}` is the basket's id) and its meaning.
 */
export const pathParameters = {
  id: { name: 'basketId', codec: PathId, description: 'The basket id.' },
  paymentIntentId: { name: 'paymentIntentId', codec: PathId, description: 'The payment intent id.' },
  notificationId: { name: 'notificationId', codec: PathId, description: 'The notification id.' },
  productId: {
    name: 'productId',
    codec: PathProviderIdentity,
    description: 'The product id (for select-slot: the time slot product).',
  },
  providerBasketId: {
    name: 'providerBasketId',
    codec: PathProviderIdentity,
    description: 'The provider basket id.',
  },
  lineItemId: { name: 'lineItemId', codec: PathProviderIdentity, description: 'The line item id.' },
} as const satisfies Record<
  string,
  { readonly name: string; readonly codec: t.Any; readonly description: string }
>;

export type PathParameter = keyof typeof pathParameters;

/** The `{parameters}` of a path, in order, as a tuple type: `'/baskets/{id}/x/{productId}'` → `['id', 'productId']`. */
export type ParametersOf<P extends string> = P extends `${string}{${infer N}}${infer Rest}`
  ? [N, ...ParametersOf<Rest>]
  : [];

/** The decoded path ids of a path, under their names: `{ basketId, productId }`. */
export type DecodedPath<P extends string> = {
  readonly [N in ParametersOf<P>[number] as N extends PathParameter
    ? (typeof pathParameters)[N]['name']
    : never]: N extends PathParameter ? t.TypeOf<(typeof pathParameters)[N]['codec']> : never;
};

const isPathParameter = (name: string): name is PathParameter => Object.hasOwn(pathParameters, name);

const parametersByPath = new Map<string, ReadonlyArray<PathParameter>>();

/** The names of the `{parameters}` of a path, in order (read once per path: every request asks). */
export const parametersOf = (path: string): ReadonlyArray<PathParameter> => {
  let parameters = parametersByPath.get(path);
  if (parameters === undefined) {
    parameters = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').filter(isPathParameter);
    // The interface has a few dozen paths; other callers' paths are not kept beyond a bound.
    if (parametersByPath.size < 256) parametersByPath.set(path, parameters);
  }
  return parameters;
};

/** A path with its `{parameters}` filled in from `values`, each passed through `encode`. */
export const fillPath = (
  path: string,
  values: Readonly<Record<string, string>>,
  encode: (value: string) => string = encodeURIComponent,
): string => path.replace(/\{(\w+)\}/g, (_, name: string) => encode(values[name] ?? ''));
