import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type Catalog, type FieldError, parseCatalog } from '@basket/core';

/** The project's own demo catalog (C-10.1: the default of `BASKET_CATALOG`). */
export const demoCatalogPath: string = fileURLToPath(
  new URL('../catalog/demo-catalog.json', import.meta.url),
);

/** A catalog file that cannot be used: its message names the file and every bad field's path. */
export class CatalogFileError extends Error {
  override readonly name = 'CatalogFileError';
  constructor(
    readonly file: string,
    readonly errors: ReadonlyArray<FieldError>,
  ) {
    super(
      `catalog file ${file} is not valid:\n` +
        errors.map((error) => `  ${error.path || '(root)'}: ${error.message}`).join('\n'),
    );
  }
}

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Where JSON.parse stopped, as a line and column, without the snippet of the file its message
 * quotes: the file holds saved payment tokens, which never reach a terminal or a log (C-2.8).
 */
const jsonProblemAt = (text: string, error: unknown): string => {
  const at = /position (\d+)/.exec(reason(error));
  if (at === null) return 'the text does not parse';
  const before = text.slice(0, Number(at[1])).split('\n');
  return `the text does not parse at line ${before.length}, column ${(before.at(-1) ?? '').length + 1}`;
};

/** Parses catalog text (C-10.2), failing with every bad field named by its path. */
export const parseCatalogText = (text: string, file = '(catalog)'): Catalog => {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CatalogFileError(file, [{ path: '', message: `not JSON: ${jsonProblemAt(text, error)}` }]);
  }
  const parsed = parseCatalog(json);
  if (parsed._tag === 'Left') throw new CatalogFileError(file, parsed.left.errors);
  return parsed.right;
};

/** Reads and checks a catalog file, so that a malformed one fails at start. */
export const loadCatalogFile = async (path: string): Promise<Catalog> => {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new CatalogFileError(path, [{ path: '', message: `cannot be read: ${reason(error)}` }]);
  }
  return parseCatalogText(utf8Text(bytes, path), path);
};

/** Strict: a byte that is not UTF-8 would otherwise become U+FFFD in titles stored for good. */
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const BOM = '\ufeff';

/**
 * The file's text, which must be UTF-8 (C-10.2, JSON's encoding); a byte order mark is dropped. A
 * file in another encoding (Latin-1, UTF-16) is refused, said as such.
 */
const utf8Text = (bytes: Buffer, path: string): string => {
  let text: string;
  try {
    text = UTF8.decode(bytes);
    // JSON holds no raw NUL: a NUL byte is UTF-16 (without its byte order mark) read as UTF-8.
    if (text.includes('\u0000')) throw new Error('NUL');
  } catch {
    throw new CatalogFileError(path, [
      { path: '', message: 'not UTF-8 text (JSON is UTF-8): save the file as UTF-8, not Latin-1 or UTF-16' },
    ]);
  }
  return text.startsWith(BOM) ? text.slice(BOM.length) : text;
};
