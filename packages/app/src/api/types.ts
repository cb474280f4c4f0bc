import type { JsonObject } from '../ports/json';
import type { Problem, ProblemStatus } from '../problems/problem';

export type { Problem } from '../problems/problem';

/** Who is calling: the store of the API key, and the signed-in contact (absent for a guest). */
export type Caller = {
  readonly storeId: string;
  readonly contactId?: string;
  /** C-6.3: the request's Idempotency-Key and a fingerprint of its method, path and body. */
  readonly idempotency?: { readonly key: string; readonly fingerprint: string };
  /**
   * The request's end, when the transport can tell: aborted when its client goes away. A wait the
   * operation holds for the caller (`getNotification`'s `waitMs`, useSavedPaymentToken's wait for
   * the payment's outcome) then ends at once, so that a client that left keeps no timer and no
   * re-reads of the storage. What the operation did stays
   * done: an abort never undoes or refuses a command.
   */
  readonly signal?: AbortSignal;
};

/**
 * Preconditions a transport passes through (C-6.1): the If-Match version, when sent; for reads, the
 * If-None-Match versions (`*`: any), when sent: a read of one of them answers 304 without a body.
 */
export type Preconditions = {
  readonly ifMatch?: number;
  readonly ifNoneMatch?: ReadonlyArray<number> | '*';
};

/**
 * What every API operation answers, in the statuses the contract gives (a transport maps them to
 * its own protocol). `version` is the basket's stream version, for ETags (C-6.1).
 */
export type Answer =
  | { readonly status: 200 | 202; readonly body: JsonObject; readonly version?: number }
  | { readonly status: 204; readonly version?: number }
  /** A read whose If-None-Match names the current version: the caller's copy is current. */
  | { readonly status: 304; readonly version: number }
  | { readonly status: ProblemStatus; readonly problem: Problem };
