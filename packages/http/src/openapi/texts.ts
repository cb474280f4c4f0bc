/** What each problem status means on this service (C-3.2), for the OpenAPI responses. */
export const statusDescriptions: Readonly<Record<number, string>> = {
  400: '`validation-failed`: the body, a path id, a header or the query is invalid; `errors` lists each field.',
  401: '`unauthorized`: a missing or invalid `x-api-key` or bearer token (C-2.1).',
  402: '`payment-declined`: the payment provider declined; the intent can be paid again (C-4.3).',
  403: '`forbidden`: the basket belongs to another contact, or the token is a guest where a contact is needed.',
  404: 'The basket (or its line, provider basket, payment intent, notification) does not exist in this store.',
  409: '`basket-locked`, `basket-checked-out`, `contact-conflict` or `payment-intent-state`.',
  412: '`precondition-failed`: `If-Match` names another version than the current one; nothing changed.',
  413: '`payload-too-large`: the body is over 64 KiB (C-9.1).',
  415: '`unsupported-media-type`: a body that is not `application/json` (C-9.1).',
  422: '`idempotency-key-reused`; on createPaymentIntent also a checkout precondition (`basket-empty`, `delivery-not-covered`, `customer-details-missing`, C-8.1).',
  500: '`internal-error`: nothing was half applied (C-3.4).',
  503: 'Not ready: storage does not answer, or the server is shutting down.',
};

/** The service description of the OpenAPI document, rendered on the reference page too. */
export const serviceDescription = [
  'The storefront basket service. Rule ids (C-…) refer to the contract.',
  '',
  '## Authentication',
  'Every endpoint but the service ones (`/openapi.json`, `/docs`, `/healthz`, `/readyz`) needs two headers (C-2): ' +
    '`x-api-key`, the base64 of a known store id, and `Authorization: Bearer <JWT>`, a token signed with the ' +
    "service's key whose `exp` is required (30 s of clock skew allowed). The token's `sub` is the signed-in contact; " +
    'a token without `sub` is a guest. Anything else is a 401 with `WWW-Authenticate: Bearer`. A basket of another ' +
    'store is a 404, one assigned to another contact a 403.',
  '',
  '## Errors',
  'Every 4xx and 5xx is `application/problem+json` (RFC 9457) with a stable `code` (C-3). Checks run in the ' +
    'order of C-1.7: an unknown path is a 404 `not-found` and a known path with another method a 405 ' +
    '`method-not-allowed` (with `Allow`), whatever the credentials; then authentication (401); then the request ' +
    'format: 413 over 64 KiB, 415 for a body that is not `application/json`, 400 for malformed JSON or an invalid ' +
    'field, path id, header or query; then the basket and the rest.',
  '',
  '## Concurrency and retries',
  'Basket answers carry `ETag: "<version>"`. Modifying basket endpoints accept `If-Match`: `*`, or one entity ' +
    'tag; a tag other than the current version (weak tags included, which never match strongly) is a 412 after ' +
    'the basket checks; a malformed value or a list of tags is a 400. Modifying endpoints accept ' +
    '`Idempotency-Key` (1 to 255 printable ASCII, else 400): the same key with the same method, path and ' +
    'body answers the first response again for 24 hours; with another request it is a 422. ' +
    '`GET /baskets/{id}` accepts `If-None-Match`: naming the current ETag (or `*`) answers 304 with the ETag ' +
    'and no body, unless a hold has run out since that version.',
  '',
  '## Request ids',
  'Every answer carries `X-Request-Id`: the one the request sent when it is 1 to 128 letters, digits, `.`, `_`, ' +
    "`:` or `-`, else a new UUID. The server writes it on the request's log line, so a request can be found in " +
    'the logs of whichever process served it.',
  '',
  '## Asynchronous outcomes',
  'Most modifying endpoints answer a `notificationId`; `GET /notifications/{notificationId}?waitMs=N` answers ' +
    'its outcome, holding the answer up to N ms (at most 30000) while it is Pending (C-5). Provider outcomes ' +
    '(product unknown, seats gone, voucher invalid…) arrive as Failed notifications with a 422 problem (C-3.3).',
].join('\n');
