import { basketOperations } from './basket-operations';
import { lineOperations } from './line-operations';
import type { Operation } from './operation';
import { otherOperations } from './other-operations';
import type { DecodedPath, ParametersOf } from './path-parameters';

/**
 * The operation table: one entry per interface operation (the 17 of the interface's table) and the
 * reads of C-4.4, keyed by the operation's name. The HTTP routes, the OpenAPI document, the client
 * and the app's `BasketApi` are all read from it, so an operation is named here and nowhere else.
 */
export const operations = { ...basketOperations, ...lineOperations, ...otherOperations } as const;

export type Operations = typeof operations;
export type OperationName = keyof Operations;

/** The operations' names, in the table's order (the order of the OpenAPI document). */
export const operationNames = Object.keys(operations) as ReadonlyArray<OperationName>;

/** The table as a list of entries, each with its name. */
export const operationEntries: ReadonlyArray<Operation & { readonly name: OperationName }> =
  operationNames.map((name) => ({ name, ...operations[name] }));

/** The path ids of an operation, in path order. */
export type OperationParameters<K extends OperationName> = ParametersOf<Operations[K]['path']>;

/** The decoded path ids of an operation, by name (`{id}` is `basketId`). */
export type OperationPath<K extends OperationName> = DecodedPath<Operations[K]['path']>;

/** The decoded body of an operation that takes one. */
export type OperationBody<K extends OperationName> = Operations[K] extends {
  readonly request: { readonly codec: infer C };
}
  ? C extends { readonly _A: infer A }
    ? A
    : never
  : undefined;
