import { type OperationName, operations, parametersOf } from '@basket/core';
import { problemAnswer } from './answers';
import { type BasketApi, methodNameOf } from './basket-api';
import type { EventPage } from './event-listing';
import type { Answer, Caller, Preconditions } from './types';

/**
 * What a transport hands an operation besides the caller, whatever the operation: its path ids by
 * parameter name (`{ id, productId }`), the undecoded body, the preconditions, `waitMs` and the
 * event page. `BasketApi`'s methods take the same as positional arguments (`OperationArguments`).
 */
export type OperationInput = {
  readonly params: Readonly<Record<string, unknown>>;
  readonly body?: unknown;
  readonly pre?: Preconditions;
  readonly waitMs?: number;
  readonly page?: EventPage;
};

type Last = 'waitMs' | 'page' | 'pre' | undefined;

/** The fields of an `OperationInput` besides `params`, which a caller may put in `params` by mistake. */
const INPUT_FIELDS: ReadonlySet<string> = new Set(['body', 'pre', 'waitMs', 'page']);

const lastOf = (name: OperationName): Last => {
  const operation = operations[name];
  if ('query' in operation) return operation.query === 'waitMs' ? 'waitMs' : 'page';
  if (operation.ifMatch || ('ifNoneMatch' in operation && operation.ifNoneMatch)) return 'pre';
  return undefined;
};

const takesBody = (name: OperationName): boolean => 'request' in operations[name];

/** The positional arguments after the caller of an operation's method, from its input. */
export const argumentsOf = (name: OperationName, input: OperationInput): unknown[] => {
  const last = lastOf(name);
  return [
    ...parametersOf(operations[name].path).map((parameter) => input.params[parameter] ?? ''),
    ...(takesBody(name) ? [input.body] : []),
    ...(last === undefined ? [] : [input[last]]),
  ];
};

/** An operation's input from the positional arguments after the caller of its method. */
export const inputOf = (name: OperationName, args: ReadonlyArray<unknown>): OperationInput => {
  const parameters = parametersOf(operations[name].path);
  const params = Object.fromEntries(parameters.map((parameter, i) => [parameter, args[i]]));
  const rest = args.slice(parameters.length);
  const body = takesBody(name) ? rest.shift() : undefined;
  const last = lastOf(name);
  const value = rest[0];
  return {
    params,
    ...(body === undefined ? {} : { body }),
    ...(last === undefined || value === undefined ? {} : { [last]: value }),
  };
};

type Method = (caller: Caller, ...args: ReadonlyArray<unknown>) => Promise<Answer>;

/** Calls an operation by its name in the table: what a transport routing by the table does. */
export const callOperation = (
  api: BasketApi,
  name: OperationName,
  caller: Caller,
  input: OperationInput,
): Promise<Answer> => {
  // A path parameter named otherwise than in the table (`basketId` for `id`), or a name that is no
  // path parameter of the operation (`waitMs`, which goes beside `params`), is the transport's
  // mistake: said as such, rather than as an invalid id the request never had, or ignored.
  const parameters: ReadonlyArray<string> = parametersOf(operations[name].path);
  const shape = `${name} takes its path parameters as { ${parameters.join(', ')} }`;
  const missing = parameters.filter((parameter) => !(parameter in input.params));
  const unknown = Object.keys(input.params).filter((key) => !parameters.includes(key));
  if (missing.length + unknown.length > 0) {
    const errors = [
      ...missing.map((parameter) => ({ path: `params.${parameter}`, message: shape })),
      ...unknown.map((key) => ({
        path: `params.${key}`,
        message: `${shape}; ${key} is not one of them${INPUT_FIELDS.has(key) ? ` (it goes beside params: { params, ${key} })` : ''}`,
      })),
    ];
    const detail = missing.length > 0 ? 'a path parameter is missing' : 'a parameter is not a path parameter';
    return Promise.resolve(problemAnswer('validation-failed', detail, errors));
  }
  // Every method of BasketApi takes the caller and the arguments `argumentsOf` lays out.
  const method = api[methodNameOf(name)] as Method;
  return method.call(api, caller, ...argumentsOf(name, input));
};
