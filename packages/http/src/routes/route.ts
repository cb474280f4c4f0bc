import type { Answer, BasketApi, Caller, OperationInput } from '@basket/app';
import type { Operation, OperationName } from '@basket/core';

export type { HttpMethod, SuccessResponse } from '@basket/core';
export { problemStatuses } from '@basket/core';

/** What a route hands the API: the caller, the path ids, the undecoded body and the preconditions. */
export type RouteContext = OperationInput & {
  readonly caller: Caller;
  readonly params: Readonly<Record<string, string>>;
  readonly body: unknown;
  readonly pre: NonNullable<OperationInput['pre']>;
};

/**
 * One endpoint of the interface or of C-4.4: an entry of the operation table (`operations` in
 * @basket/core) with its name and the call of its `BasketApi` method, the single source of both the
 * Fastify route and its OpenAPI operation, so the two cannot disagree.
 */
export type RouteSpec = Operation & {
  /** The interface's operation name: the entry's key in the table. */
  readonly operationId: OperationName;
  readonly call: (api: BasketApi, context: RouteContext) => Promise<Answer>;
};
