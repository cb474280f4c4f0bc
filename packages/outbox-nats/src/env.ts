import type { Outbox } from '@basket/app';
import type { RelayLease } from './lease';
import { createNatsRelay } from './relay';
import { isStreamName, isSubjectPrefix } from './subject';
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

const nonBlank = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === '' ? undefined : value.trim();

/**
 * The stream and subject prefix of `BASKET_NATS_STREAM` and `BASKET_NATS_SUBJECT_PREFIX`, when set
 * (default `BASKET_NOTIFICATIONS` and `basket.notifications`): services or tenants sharing one NATS
 * keep their notifications apart.
 */
export const natsNamingFromEnv = (
  env: Readonly<Record<string, string | undefined>>,
): { readonly stream?: string; readonly subjectPrefix?: string } => {
  const stream = nonBlank(env.BASKET_NATS_STREAM);
  const subjectPrefix = nonBlank(env.BASKET_NATS_SUBJECT_PREFIX);
  return {
    ...(stream === undefined ? {} : { stream }),
    ...(subjectPrefix === undefined ? {} : { subjectPrefix }),
  };
};

/** What is wrong with `BASKET_NATS_STREAM` and `BASKET_NATS_SUBJECT_PREFIX`, for a start to refuse. */
export const natsNamingProblems = (
  env: Readonly<Record<string, string | undefined>>,
): ReadonlyArray<string> => {
  const { stream, subjectPrefix } = natsNamingFromEnv(env);
  return [
    ...(stream !== undefined && !isStreamName(stream)
      ? ['BASKET_NATS_STREAM must be a NATS stream name: letters, digits, - and _, at most 255']
      : []),
    ...(subjectPrefix !== undefined && !isSubjectPrefix(subjectPrefix)
      ? ['BASKET_NATS_SUBJECT_PREFIX must be dot-separated tokens of letters, digits, - and _']
      : []),
  ];
};

/** Starts a relay when `BASKET_NATS_URL` is set; undefined (no broker) otherwise. */
export const startRelayFromEnv = (options: RelayFromEnvOptions): NatsRelay | undefined => {
  const { env = process.env, ...rest } = options;
  const servers = natsServersFromEnv(env);
  if (servers.length === 0) return undefined;
  const relay = createNatsRelay({ ...natsNamingFromEnv(env), ...rest, servers });
  relay.start();
  return relay;
};
