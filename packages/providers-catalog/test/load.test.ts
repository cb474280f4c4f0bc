import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogFileError, demoCatalogPath, loadCatalogFile } from '../src';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'basket-catalog-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

type Editable = { [key: string]: unknown };
const demoJson = async (): Promise<Editable> =>
  JSON.parse(await readFile(demoCatalogPath, 'utf8')) as Editable;

/** Writes `text` as a catalog file and answers the error loading it raises. */
const loadError = async (name: string, text: string | Buffer): Promise<CatalogFileError> => {
  const file = join(dir, name);
  await writeFile(file, text);
  const error = await loadCatalogFile(file).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(CatalogFileError);
  return error as CatalogFileError;
};

/** Follows a dotted path into parsed JSON, for editing one field of the demo catalog. */
const at = (json: Editable, path: ReadonlyArray<string | number>): Editable =>
  path.reduce<Editable>((node, step) => node[step] as Editable, json);

describe('loadCatalogFile (C-10.2)', () => {
  it('loads the demo catalog, which is in the shared catalog format', async () => {
    const catalog = await loadCatalogFile(demoCatalogPath);
    expect(catalog.currency).toEqual({ code: 'GBP', precision: 2 });
    expect(catalog.paymentProvider.id).toBe('psp:simpay');
    expect(catalog.stores.map((store) => store.id)).toEqual(['arena-web', 'arena-app']);
    expect(catalog.providers.map((provider) => provider.id)).toContain('tix:arena');
    expect(catalog.providers.find((provider) => provider.id === 'lab')?.confirm).toBe('refuse');
    expect(
      catalog.contacts.find((contact) => contact.id === 'contact-alice')?.savedPaymentTokens,
    ).toHaveLength(2);
  });

  it('names the path of a bad field: a price that is not an integer of minor units', async () => {
    const json = await demoJson();
    at(json, ['providers', 1, 'products', 0]).unitPrice = '12.50';
    const error = await loadError('bad-price.json', JSON.stringify(json));
    expect(error.errors.map((e) => e.path)).toEqual(['providers.1.products.0.unitPrice']);
    expect(error.message).toContain('providers.1.products.0.unitPrice');
    expect(error.message).toContain(join(dir, 'bad-price.json'));
  });

  it('names every bad field: a missing one, a wrong enum, a malformed ProviderIdentity', async () => {
    const json = await demoJson();
    delete at(json, ['providers', 0]).holdMinutes;
    at(json, ['providers', 4]).confirm = 'maybe';
    at(json, ['vouchers', 0]).productId = 'shop|NOT-AN-ID';
    const error = await loadError('many.json', JSON.stringify(json));
    const paths = error.errors.map((e) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining(['providers.0.holdMinutes', 'providers.4.confirm', 'vouchers.0.productId']),
    );
  });

  it('fails on a file that is not JSON, or that cannot be read, naming the file', async () => {
    const notJson = await loadError('broken.json', '{ "currency": ');
    expect(notJson.message).toContain('broken.json');
    expect(notJson.message).toContain('not JSON');
    // Nothing of the text is quoted: it holds saved payment tokens (C-2.8).
    const brokenToken = await loadError(
      'token.json',
      '{ "contacts": [{ "id": "c", "savedPaymentTokens": [{ "id": tok_Hush0Q7 }] }] }',
    );
    expect(brokenToken.message).toContain('not JSON');
    expect(brokenToken.message).not.toContain('Hush0Q7');
    const cut = await loadError('cut.json', '{ "contacts": [{ "id": "tok_Hush0Q8" ');
    expect(cut.message).not.toContain('Hush0Q8');
    const missing = join(dir, 'missing.json');
    await expect(loadCatalogFile(missing)).rejects.toThrow(missing);
  });

  it('refuses a catalog whose top level is not an object', async () => {
    const error = await loadError('array.json', '[]');
    expect(error.errors.length).toBeGreaterThan(0);
  });

  it('refuses a file that is not UTF-8 (Latin-1, UTF-16) instead of storing U+FFFD in its titles; takes a BOM', async () => {
    const text = (await readFile(demoCatalogPath, 'utf8')).replace('"Veggie pie', '"Veggie pie café');
    expect(text).toContain('café');
    for (const [name, bytes] of [
      ['latin1.json', Buffer.from(text, 'latin1')],
      ['utf16.json', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])],
      ['utf16-no-bom.json', Buffer.from(text, 'utf16le')],
    ] as const) {
      const error = await loadError(name, bytes);
      expect(error.message).toContain('not UTF-8');
    }
    const bom = join(dir, 'bom.json');
    await writeFile(bom, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]));
    const catalog = await loadCatalogFile(bom);
    expect(JSON.stringify(catalog)).toContain('Veggie pie café');
  });
});
