// The demo catalog with stock that no benchmark run can exhaust (bench/http.ts, bench/request-cpu.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoCatalogPath } from '../packages/providers-catalog/src/index';

/** Writes the demo catalog, its stock and per-basket maximums made unlimited, into `dir`; answers its path. */
export const benchCatalog = (dir: string): string => {
  type Product = Record<string, unknown> & { variants?: Array<Record<string, unknown>> };
  const catalog = JSON.parse(readFileSync(demoCatalogPath, 'utf8')) as {
    providers: Array<{ products: Product[] }>;
  };
  for (const product of catalog.providers.flatMap((p) => p.products)) {
    if (typeof product.stock === 'number') product.stock = 100_000_000;
    // One hot basket takes every add of a run (bench/http.ts, the row "one hot basket").
    if (typeof product.maxPerBasket === 'number') product.maxPerBasket = 100_000_000;
    for (const variant of product.variants ?? []) variant.stock = 100_000_000;
  }
  const path = join(dir, 'catalog.json');
  writeFileSync(path, JSON.stringify(catalog));
  return path;
};
