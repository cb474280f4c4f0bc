import { connect, type JetStreamClient, type NatsConnection } from 'nats';
import { natsUrlOptions } from './connection-options';
import { ensureStream, type StreamSettings } from './stream';
import type { RelayLogger } from './types';

/**
 * The relay's connection. The client's own reconnection is off: after any failure the relay
 * closes the connection and connects afresh on its next attempt, so that no publish left in a
 * reconnecting client's buffer can reach the stream later, behind newer ones.
 */
export type NatsLink = {
  /** A JetStream client on an open connection whose stream exists; connects when needed. */
  readonly ready: () => Promise<JetStreamClient>;
  /** Closes the connection (the next `ready` reconnects). */
  readonly reset: () => Promise<void>;
  readonly connected: () => boolean;
};

export type LinkSettings = {
  readonly servers: ReadonlyArray<string>;
  readonly name: string;
  readonly timeoutMs: number;
  readonly stream: StreamSettings;
  readonly logger: RelayLogger | undefined;
};

export const createNatsLink = (settings: LinkSettings): NatsLink => {
  let open: { nc: NatsConnection; js: JetStreamClient } | undefined;

  const reset = async (): Promise<void> => {
    const current = open;
    open = undefined;
    if (current !== undefined && !current.nc.isClosed()) await current.nc.close().catch(() => undefined);
  };

  const ready = async (): Promise<JetStreamClient> => {
    if (open !== undefined && !open.nc.isClosed()) return open.js;
    await reset();
    const nc = await connect({
      ...natsUrlOptions(settings.servers),
      name: settings.name,
      reconnect: false,
      timeout: settings.timeoutMs,
    });
    try {
      const jsm = await nc.jetstreamManager({ timeout: settings.timeoutMs });
      const created = await ensureStream(jsm, settings.stream);
      if (created) {
        settings.logger?.info(
          { stream: settings.stream.name, subjects: `${settings.stream.subjectPrefix}.>` },
          'outbox relay: stream created',
        );
      }
    } catch (err) {
      await nc.close().catch(() => undefined);
      throw err;
    }
    const js = nc.jetstream({ timeout: settings.timeoutMs });
    open = { nc, js };
    settings.logger?.info({ server: nc.getServer() }, 'outbox relay: connected to NATS');
    void nc.closed().then((err) => {
      if (open?.nc !== nc) return;
      open = undefined;
      settings.logger?.warn(
        { err: err instanceof Error ? err.message : 'closed' },
        'outbox relay: NATS connection lost',
      );
    });
    return js;
  };

  return { ready, reset, connected: () => open !== undefined && !open.nc.isClosed() };
};
