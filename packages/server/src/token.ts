import { apiKeyOf } from '@basket/http';
import { demoCatalogPath, loadCatalogFile } from '@basket/providers-catalog';
import type { ServerConfig } from './config';
import { mintDevToken } from './dev-token';

export type TokenArguments = {
  readonly contactId?: string;
  readonly storeId?: string;
  readonly ttlSeconds?: number;
};

/**
 * `basket token`: a development JWT for a contact (or a guest) and the store's x-api-key, as shell
 * exports, so that `eval "$(basket token --contact contact-alice)"` sets them up for curl.
 */
export const token = async (config: ServerConfig, args: TokenArguments): Promise<number> => {
  if (config.jwt.secret === undefined) {
    process.stderr.write(
      'basket token: no BASKET_JWT_SECRET to sign with (the server verifies public keys only)\n',
    );
    return 1;
  }
  const catalog = await loadCatalogFile(config.catalogPath ?? demoCatalogPath);
  const storeId = args.storeId ?? catalog.stores[0]?.id;
  if (storeId === undefined || !catalog.stores.some((store) => store.id === storeId)) {
    const known = catalog.stores.map((store) => store.id).join(', ');
    process.stderr.write(
      `basket token: unknown store ${storeId ?? '(none)'}; the catalog's stores: ${known}\n`,
    );
    return 1;
  }
  const jwt = await mintDevToken({
    secret: config.jwt.secret,
    ...(args.contactId === undefined ? {} : { contactId: args.contactId }),
    ...(args.ttlSeconds === undefined ? {} : { ttlSeconds: args.ttlSeconds }),
    ...(config.jwt.audience === undefined ? {} : { audience: config.jwt.audience }),
    ...(config.jwt.issuer === undefined ? {} : { issuer: config.jwt.issuer }),
  });
  const who = args.contactId === undefined ? 'a guest' : `contact ${args.contactId}`;
  process.stderr.write(`# store ${storeId}, ${who}\n`);
  process.stdout.write(`export BASKET_TOKEN='${jwt}'\nexport BASKET_API_KEY='${apiKeyOf(storeId)}'\n`);
  return 0;
};
