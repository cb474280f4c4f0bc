import { badStrings, MAX_JSON_DEPTH } from '@basket/core';
import type { FastifyBodyParser, FastifyInstance } from 'fastify';
import { UnsupportedBodyError } from './body-headers';
import { InvalidJsonBodyError, jsonDepth } from './request-strings';

/** Decodes UTF-8 and throws on any byte sequence that is not (RFC 8259: JSON is UTF-8). */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The `charset` parameter of a Content-Type, lowercased and unquoted; undefined when absent. */
const charsetOf = (contentType: string | undefined): string | undefined => {
  const found = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType ?? '');
  return found?.[1]?.toLowerCase();
};

/**
 * Fastify's JSON parser behind the checks of C-1.6 and C-9.1: a body in another charset than UTF-8
 * is a 415, and bytes that are not UTF-8 a 400 (not decoded into replacement characters and
 * stored); then two checks of C-1.6 (a `__proto__` key, or a `constructor` holding a
 * `prototype`, is dropped like any unknown field rather than refused): nesting
 * deeper than 32 levels is refused on the raw text, before the parser or anything recursive runs, and
 * a parsed body whose strings hold a NUL or an unpaired surrogate is refused before the API (and so
 * storage) sees it. Both answer a 400 `validation-failed` (errors.ts).
 */
export const checkedJsonParser = (app: FastifyInstance): FastifyBodyParser<Buffer> => {
  const parse = app.getDefaultJsonParser('remove', 'remove');
  return (request, raw, done) => {
    const charset = charsetOf(request.headers['content-type']);
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      done(new UnsupportedBodyError('Request bodies must be application/json in UTF-8.'), undefined);
      return;
    }
    let body: string;
    try {
      body = UTF8.decode(raw);
    } catch {
      done(new InvalidJsonBodyError([{ path: '', message: 'the body is not UTF-8' }]), undefined);
      return;
    }
    if (jsonDepth(body) > MAX_JSON_DEPTH) {
      done(
        new InvalidJsonBodyError([
          { path: '', message: `JSON may nest at most ${MAX_JSON_DEPTH} arrays and objects deep` },
        ]),
        undefined,
      );
      return;
    }
    parse(request, body, (error, value) => {
      if (error !== null) {
        done(error, undefined);
        return;
      }
      const errors = badStrings(value);
      if (errors.length > 0) done(new InvalidJsonBodyError(errors), undefined);
      else done(null, value);
    });
  };
};
