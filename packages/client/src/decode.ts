import { validationErrors } from '@basket/core';
import type * as t from 'io-ts';
import { BasketResponseError } from './errors';
import type { HttpReply } from './transport';

/** The reply's body decoded with `codec`; a body that does not decode names its invalid paths. */
export const decodeReply = <C extends t.Any>(codec: C, reply: HttpReply): t.TypeOf<C> => {
  const result = codec.decode(reply.body);
  if (result._tag === 'Right') return result.right;
  throw new BasketResponseError(
    reply.request,
    reply.status,
    `the body does not decode as ${codec.name}`,
    validationErrors(result.left),
  );
};

/** A success status the endpoint does not answer. */
export const unexpectedStatus = (reply: HttpReply): BasketResponseError =>
  new BasketResponseError(reply.request, reply.status, 'unexpected status');

/**
 * A path segment: ids are percent-encoded (a ProviderIdentity holds `|`). `.` and `..` (however
 * encoded) are taken by URLs as "this" and "the parent" segment, so a request would go to another
 * path: such an id is refused before anything is sent.
 */
export const segment = (id: string): string => {
  if (id === '.' || id === '..') throw new TypeError(`the id ${JSON.stringify(id)} cannot be sent in a path`);
  return encodeURIComponent(id);
};
