import { badStrings } from '@basket/core';
import type { FastifyBodyParser, FastifyInstance } from 'fastify';
import { InvalidJsonBodyError, jsonDepth, MAX_JSON_DEPTH } from './request-strings';

/**
 * Fastify's JSON parser behind two checks of C-1.6 (a `__proto__` key, or a `constructor` holding a
 * `prototype`, is dropped like any unknown field rather than refused): nesting
 * deeper than 32 levels is refused on the raw text, before the parser or anything recursive runs, and
 * a parsed body whose strings hold a NUL or an unpaired surrogate is refused before the API (and so
 * storage) sees it. Both answer a 400 `validation-failed` (errors.ts).
 */
export const checkedJsonParser = (app: FastifyInstance): FastifyBodyParser<string> => {
  const parse = app.getDefaultJsonParser('remove', 'remove');
  return (request, body, done) => {
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
