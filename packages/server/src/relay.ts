import type { BasketApp, Storage } from '@basket/app';
import { type RelayMetrics, startRelayFromEnv } from '@basket/outbox-nats';
import type { Logger } from 'pino';

/** The outbox relay as the server drives it. */
export type OutboxRelay = { readonly stop: () => Promise<void>; readonly metrics: () => RelayMetrics };

/**
 * The hook of `BASKET_NATS_URL` (C-5.5, C-10.1): when set, completed notifications are relayed from
 * the outbox to NATS JetStream, nudged by each completion; unset, there is no broker.
 */
export const startOutboxRelay = (options: {
  readonly storage: Storage;
  readonly app: BasketApp;
  readonly logger: Logger;
  readonly env: Readonly<Record<string, string | undefined>>;
}): OutboxRelay | undefined => {
  const relay = startRelayFromEnv({
    outbox: options.storage.outbox,
    // Several server processes may share one database: the lease keeps one relay active (C-5.5 order).
    lease: options.storage.relayLease,
    logger: options.logger,
    env: options.env,
  });
  if (relay === undefined) return undefined;
  const unsubscribe = options.app.subscribe(() => relay.nudge());
  options.logger.info({}, 'outbox relay to NATS started');
  return {
    metrics: relay.metrics,
    stop: async () => {
      unsubscribe();
      await relay.stop();
    },
  };
};
