export {
  natsNamingFromEnv,
  natsNamingProblems,
  natsServersFromEnv,
  type RelayFromEnvOptions,
  startRelayFromEnv,
} from './env';
export { createMemoryRelayLease, type RelayLease } from './lease';
export { HEADER, notificationBody } from './message';
export { createNatsRelay, DEFAULT_STREAM, DEFAULT_SUBJECT_PREFIX } from './relay';
export { fromSubjectToken, notificationSubject, subjectToken } from './subject';
export type { NatsRelay, NatsRelayOptions, RelayLogger, RelayMetrics, StopOptions } from './types';
