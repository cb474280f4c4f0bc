import { createRequire } from 'node:module';
import type * as t from 'io-ts';

/**
 * A second copy of io-ts, loaded apart from the one this package (and `@basket/core`) use, as npm
 * nests one beside a service's own when its io-ts range differs from ours: codecs it makes are not
 * instances of this copy's classes. For tests of code that walks codecs (a transport's validation,
 * a schema generator), which must tell codecs apart by their `_tag`, never by `instanceof`.
 */
export const anotherIoTs = (): typeof t => {
  const require = createRequire(import.meta.url);
  const path = require.resolve('io-ts');
  const cached = require.cache[path];
  delete require.cache[path];
  try {
    return require('io-ts') as typeof t;
  } finally {
    if (cached !== undefined) require.cache[path] = cached;
  }
};
