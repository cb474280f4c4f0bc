// `pnpm demo`: a whole purchase against a running basket service, step by step.
// Environment: BASKET_URL (default http://127.0.0.1:3000); BASKET_TOKEN and BASKET_API_KEY (as
// `basket token --contact contact-alice` prints them), else a token minted here with
// BASKET_JWT_SECRET or the server's development secret, for BASKET_CONTACT (contact-alice) of
// BASKET_STORE (arena-web).
import { apiKeyOf } from './api-key';
import { createBasketClient } from './client';
import { DEMO } from './demo/catalog';
import { DEVELOPMENT_JWT_SECRET, mintHs256 } from './demo/dev-token';
import { walkThroughPurchase } from './demo/purchase';
import { BasketNetworkError, BasketProblemError } from './errors';

const env = (name: string): string | undefined => {
  const value = process.env[name];
  return value === undefined || value.trim() === '' ? undefined : value;
};

const main = async (): Promise<number> => {
  const baseUrl = env('BASKET_URL') ?? 'http://127.0.0.1:3000';
  const store = env('BASKET_STORE') ?? DEMO.store;
  const contact = env('BASKET_CONTACT') ?? DEMO.contact;
  const token = env('BASKET_TOKEN') ?? mintHs256(env('BASKET_JWT_SECRET') ?? DEVELOPMENT_JWT_SECRET, contact);
  const client = createBasketClient({ baseUrl, apiKey: env('BASKET_API_KEY') ?? apiKeyOf(store), token });
  const say = (text: string) => process.stdout.write(`${text}\n`);
  say(`Basket service demo: ${baseUrl}, store ${store}, signed in as ${contact}`);
  try {
    await walkThroughPurchase(client, say);
    return 0;
  } catch (error) {
    if (error instanceof BasketNetworkError) {
      process.stderr.write(
        `\nNo answer from ${baseUrl}: is the server running? Start it with \`pnpm start\`.\n`,
      );
    } else if (error instanceof BasketProblemError) {
      process.stderr.write(`\nThe service said ${error.status} ${error.code}: ${error.problem.detail}\n`);
      for (const field of error.errors) process.stderr.write(`  ${field.path}: ${field.message}\n`);
    } else {
      process.stderr.write(`\n${error instanceof Error ? error.message : String(error)}\n`);
    }
    return 1;
  }
};

main().then((code) => {
  process.exitCode = code;
});
