import { fillPath, type OperationName, type OperationParameters, operations } from '@basket/core';
import { segment } from './decode';
import type { HttpMethod } from './transport';

/** The path ids of an operation, by the names of its path's `{parameters}`. */
export type OperationIds<K extends OperationName> = {
  readonly [P in OperationParameters<K>[number]]: string;
};

/** The method and path of a request. */
export type OperationLine = { readonly method: HttpMethod; readonly path: string };

/**
 * The method and path of an operation of the table (`operations` in @basket/core), its ids
 * percent-encoded into the path (a ProviderIdentity holds `|`).
 */
export const operationLine = <K extends OperationName>(name: K, ids: OperationIds<K>): OperationLine => ({
  method: operations[name].method,
  path: fillPath(operations[name].path, ids, segment),
});
