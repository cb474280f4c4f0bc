import type { FastifyRequest, preParsingHookHandler } from 'fastify';
import { sentTwice } from './repeated-headers';

/** A body this service does not read (C-9.1): answered 415 with `detail`. */
export class UnsupportedBodyError extends Error {
  readonly statusCode = 415;
  constructor(readonly detail: string) {
    super('unsupported request body');
    this.name = 'UnsupportedBodyError';
  }
}

/** "Empty" is what the headers say: `Content-Length: 0`, or neither a length nor a chunked encoding. */
export const hasNoBody = (headers: FastifyRequest['raw']['headers']): boolean => {
  const length = headers['content-length'];
  return length === '0' || (length === undefined && headers['transfer-encoding'] === undefined);
};

/**
 * Before a body is parsed. C-1.7: an endpoint without a body (or whose body is optional) accepts an
 * empty body whatever its Content-Type; Fastify would parse an empty `application/json` body (400)
 * or refuse another type (415), so an empty body's Content-Type is dropped (`emptyMayHaveAnyType`).
 * C-9.1: a body comes as JSON, once typed and not content-encoded; two Content-Type headers, or a
 * Content-Encoding other than `identity` (which this service would not decode), are a 415.
 */
export const checkBodyHeaders =
  (emptyMayHaveAnyType: boolean): preParsingHookHandler =>
  (request, _reply, payload, done) => {
    // A callback hook, not an async one: it runs on every modifying request.
    const { headers } = request.raw;
    if (hasNoBody(headers)) {
      if (emptyMayHaveAnyType && headers['content-type'] !== undefined) delete headers['content-type'];
      done(null, payload);
      return;
    }
    const encoding = headers['content-encoding']?.trim().toLowerCase();
    if (sentTwice(request.raw, 'content-type')) {
      done(new UnsupportedBodyError('Send one Content-Type header: application/json.'));
    } else if (encoding !== undefined && encoding !== '' && encoding !== 'identity') {
      done(
        new UnsupportedBodyError('Request bodies are read as sent: send them without a Content-Encoding.'),
      );
    } else {
      done(null, payload);
    }
  };
