// docs/configuration.md:89
import { CatalogFileError, loadCatalogFile } from '@basket/providers-catalog';

try {
  const catalog = await loadCatalogFile(process.argv[2] ?? 'catalog.json');
  const products = catalog.providers.reduce((n, provider) => n + provider.products.length, 0);
  console.log(`${catalog.stores.length} stores, ${catalog.providers.length} providers, ${products} products`);
} catch (error) {
  if (!(error instanceof CatalogFileError)) throw error;
  console.error(error.message); // every bad field, one per line
  process.exitCode = 1;
}
export {};
