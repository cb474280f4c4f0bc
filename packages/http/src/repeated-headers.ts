import type { IncomingMessage } from 'node:http';

/**
 * True when the request carries header `name` (lower case) more than once. Node keeps only the
 * first of some headers (`authorization`, `content-type`) and joins others with `, ` (`x-api-key`,
 * `idempotency-key`), so a request that sends one twice cannot be told from its `headers`; its raw
 * headers (names and values in turn) say. Credentials, an Idempotency-Key and a body's Content-Type
 * must each come once: two name no one caller, request or type.
 */
export const sentTwice = (request: IncomingMessage, name: string): boolean => {
  const raw = request.rawHeaders;
  let seen = 0;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]?.toLowerCase() === name && ++seen > 1) return true;
  }
  return false;
};
