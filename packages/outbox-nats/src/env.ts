import type { Outbox } from '@basket/app';
import type { RelayLease } from './lease';
import { createNatsRelay } from './relay';
import type { NatsRelay, NatsRelayOptions, RelayLogger } from './types';

export type RelayFromEnvOptions = Omit<NatsRelayOptions, 'servers' | 'outbox' | 'lease' | 'logger'> & {
  readonly outbox: Outbox;
  readonly lease?: RelayLease;
  readonly logger?: RelayLogger;
  /** Defaults to process.env. */
  readonly env?: Readonly<Record<string, string | undefined>>;
};

/** The server URLs of `BASKET_NATS_URL` (comma-separated), none when unset or blank (C-10.1). */
export const natsServersFromEnv = (
  env: Readonly<Record<string, string | undefined>>,
): ReadonlyArray<string> =>
  (env.BASKET_NATS_URL ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '');

/** Starts a relay when `BASKET_NATS_URL` is set; undefined (no broker) otherwise. */
export const startRelayFromEnv = (options: RelayFromEnvOptions): NatsRelay | undefined => {
  const { env = process.env, ...rest } = options;
  const servers = natsServersFromEnv(env);
  if (servers.length === 0) return undefined;
  const relay = createNatsRelay({ ...rest, servers });
  relay.start();
  return relay;
};
