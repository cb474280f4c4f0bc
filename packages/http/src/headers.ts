import { createHash } from 'node:crypto';
import type { EventPage, Preconditions } from '@basket/app';
import { type OperationName, operations } from '@basket/core';

type FieldError = { readonly path: string; readonly message: string };
/** A header or query value read: its value, or the field error a 400 lists. */
export type Parsed<A> =
  | { readonly ok: true; readonly value: A }
  | { readonly ok: false; readonly error: FieldError };

/** `"<version>"`: the ETag of a basket at `version` (C-6.1). */
export const etagOf = (version: number): string => `"${version}"`;

const VERSION_TAG = /^"([1-9]\d{0,14})"$/;
/** Any other single entity tag, weak or strong: well formed, but never a basket's current ETag. */
const OTHER_TAG = /^(?:W\/)?"[\x21\x23-\x7e]*"$/;

/**
 * `If-Match` (C-6.1): `*` (no version check) or exactly one entity tag. `"<version>"` is checked by the
 * app; any other tag, and every weak tag (RFC 9110 compares If-Match strongly), can never match, so it
 * is passed as version 0, which no basket has: the app answers it 412 at the place C-1.7 gives
 * preconditions. Anything else, a list of several tags included, is a 400 `validation-failed`.
 */
export const parseIfMatch = (header: string | undefined): Parsed<Preconditions> => {
  if (header === undefined || header.trim() === '*') return { ok: true, value: {} };
  const value = header.trim();
  const version = VERSION_TAG.exec(value);
  if (version !== null) return { ok: true, value: { ifMatch: Number(version[1]) } };
  if (OTHER_TAG.test(value)) return { ok: true, value: { ifMatch: 0 } };
  return {
    ok: false,
    error: {
      path: 'If-Match',
      message: 'expected * or one strong entity tag "<version>", as the ETag gives it',
    },
  };
};

const ENTITY_TAG = /^(W\/)?"([\x21\x23-\x7e]*)"$/;
const VERSION = /^[1-9]\d{0,14}$/;

/**
 * `If-None-Match` on a read: `*` or a comma-separated list of entity tags, weak or strong (RFC 9110
 * compares them weakly). The versions they name; tags that name none are well formed but never
 * match. A malformed value is a 400 `validation-failed`, as for If-Match.
 */
export const parseIfNoneMatch = (header: string | undefined): Parsed<Preconditions> => {
  if (header === undefined) return { ok: true, value: {} };
  if (header.trim() === '*') return { ok: true, value: { ifNoneMatch: '*' } };
  const versions: number[] = [];
  for (const part of header.split(',')) {
    const tag = ENTITY_TAG.exec(part.trim());
    if (tag === null) {
      return {
        ok: false,
        error: {
          path: 'If-None-Match',
          message: 'expected * or a comma-separated list of entity tags such as "3"',
        },
      };
    }
    const opaque = tag[2] ?? '';
    if (VERSION.test(opaque)) versions.push(Number(opaque));
  }
  return { ok: true, value: { ifNoneMatch: versions } };
};

const IDEMPOTENCY_KEY = /^[\x20-\x7e]{1,255}$/;

/** `Idempotency-Key` (C-6.3): 1 to 255 printable ASCII characters. */
export const parseIdempotencyKey = (header: string | undefined): Parsed<string | undefined> => {
  if (header === undefined) return { ok: true, value: undefined };
  return IDEMPOTENCY_KEY.test(header)
    ? { ok: true, value: header }
    : {
        ok: false,
        error: { path: 'Idempotency-Key', message: 'expected 1 to 255 printable ASCII characters' },
      };
};

/** Two `Idempotency-Key` headers name no one request: a 400, as a malformed key is. */
export const idempotencyKeySentTwice: Parsed<string | undefined> = {
  ok: false,
  error: { path: 'Idempotency-Key', message: 'expected one Idempotency-Key header, not several' },
};

/** JSON with object keys sorted, so that equal bodies have one text whatever their key order. */
export const canonicalJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
};

/** What identifies a request for C-6.3: the sha256 of its method, its routed path and ids, and its canonical body. */
export const requestFingerprint = (method: string, path: string, body: unknown): string =>
  createHash('sha256')
    .update(`${method}\n${path}\n${body === undefined ? '' : canonicalJson(body)}`)
    .digest('hex');

/**
 * The fingerprint of a call of the operation `name` with its decoded path ids (`params`, by the
 * names of the operation table's path: `{ id, productId }`) and its body, exactly as the Fastify
 * plugin makes it: a transport of one's own that uses it shares Idempotency-Keys with the plugin's
 * processes on one database (C-6.3, C-6.5). `|` and `%7C` in a path are one request.
 */
export const operationFingerprint = (
  name: OperationName,
  params: Readonly<Record<string, string>>,
  body: unknown,
): string => {
  const { method, path } = operations[name];
  return requestFingerprint(method, `${path} ${canonicalJson(params)}`, body);
};

const DIGITS = /^\d{1,16}$/;

/** A query parameter as a number for the API to check: NaN when it is not plain decimal digits (or repeated). */
const queryNumber = (query: unknown, name: string): number | undefined => {
  const raw = query !== null && typeof query === 'object' ? Reflect.get(query, name) : undefined;
  if (raw === undefined) return undefined;
  return typeof raw === 'string' && DIGITS.test(raw) ? Number(raw) : Number.NaN;
};

/** `?after=N&limit=M` of `GET /baskets/{id}/events` (C-4.4); the app checks their ranges (400). */
export const parseEventPage = (query: unknown): EventPage => {
  const after = queryNumber(query, 'after');
  const limit = queryNumber(query, 'limit');
  return { ...(after === undefined ? {} : { after }), ...(limit === undefined ? {} : { limit }) };
};

const WAIT_MS = /^\d{1,5}$/;
export const MAX_WAIT_MS = 30_000;

/** `?waitMs=N` of C-5.2: an integer from 0 to 30000. */
export const parseWaitMs = (query: unknown): Parsed<number | undefined> => {
  const raw = query !== null && typeof query === 'object' ? Reflect.get(query, 'waitMs') : undefined;
  if (raw === undefined) return { ok: true, value: undefined };
  const n = typeof raw === 'string' && WAIT_MS.test(raw) ? Number(raw) : Number.NaN;
  return n <= MAX_WAIT_MS
    ? { ok: true, value: n }
    : { ok: false, error: { path: 'waitMs', message: `expected an integer from 0 to ${MAX_WAIT_MS}` } };
};
