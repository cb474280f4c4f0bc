// Context of the samples of docs/outbox-nats.md: a storage, a relay lease and a logger already made.
import type { Storage } from '@basket/app';
import type { RelayLease, RelayLogger } from '@basket/outbox-nats';

declare const storage: Storage;
declare const lease: RelayLease;
declare const logger: RelayLogger;
