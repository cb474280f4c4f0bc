import type { ConnectionOptions } from 'nats';

/** What `connect` takes from the relay's server URLs. */
export type NatsUrlOptions = Pick<ConnectionOptions, 'servers' | 'user' | 'pass' | 'token' | 'tls'>;

/**
 * Connection options from server URLs (`nats://host:port`, `tls://host:port`, or `host:port`), as an
 * operator writes them in `BASKET_NATS_URL`. The NATS client reads neither a URL's credentials nor
 * its `tls://` scheme, so both are taken out here: `user:password@` becomes `user`/`pass`, a lone
 * `token@` becomes `token` (the first URL that has them gives them), and any `tls://` URL makes
 * the connection require TLS, so that a server without it is refused rather than sent plain text.
 */
export const natsUrlOptions = (servers: ReadonlyArray<string>): NatsUrlOptions => {
  let credentials: Pick<NatsUrlOptions, 'user' | 'pass' | 'token'> | undefined;
  let tls = false;
  const hosts = servers.map((server) => {
    const url = new URL(server.includes('://') ? server : `nats://${server}`);
    if (url.protocol === 'tls:') tls = true;
    if (credentials === undefined && url.username !== '') {
      credentials =
        url.password === ''
          ? { token: decodeURIComponent(url.username) }
          : { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) };
    }
    return url.port === '' ? `${url.hostname}:4222` : url.host;
  });
  return { servers: hosts, ...credentials, ...(tls ? { tls: {} } : {}) };
};
