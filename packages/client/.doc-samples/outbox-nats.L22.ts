// docs/outbox-nats.md:22
// Context of the samples of docs/outbox-nats.md: a storage, a relay lease and a logger already made.
import type { Storage } from '@basket/app';
import type { RelayLease, RelayLogger } from '@basket/outbox-nats';

declare const storage: Storage;
declare const lease: RelayLease;
declare const logger: RelayLogger;
import { startRelayFromEnv } from '@basket/outbox-nats';

const relay = startRelayFromEnv({ outbox: storage.outbox, lease, logger }); // undefined without BASKET_NATS_URL
// …on SIGTERM, after the server has finished the work it accepted:
await relay?.stop(); // keeps relaying for up to 5 s (`{ flushMs }`) until the outbox is drained
export {};
