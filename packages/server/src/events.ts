import { basketStream, type Json, type JsonObject } from '@basket/app';
import { openStorage } from './compose';
import type { ServerConfig } from './config';

const REDACTED = '[redacted]';

/** Customer detail values are redacted here too: operators see that a value was set, not what (C-2.8). */
const redacted = (data: JsonObject): JsonObject => {
  const details = data.customerDetails;
  if (!Array.isArray(details)) return data;
  return {
    ...data,
    customerDetails: details.map((detail: Json) =>
      detail !== null && typeof detail === 'object' && !Array.isArray(detail) && 'value' in detail
        ? { ...detail, value: REDACTED }
        : detail,
    ),
  };
};

/**
 * `basket events <basketId>`: the basket's history, oldest first, one JSON line per event, deleted
 * baskets included (C-7.14). Reads the database of `BASKET_DATABASE_URL` (not `memory:`, which lives
 * only inside a running server).
 */
export const events = async (config: ServerConfig, basketId: string): Promise<number> => {
  if (config.databaseUrl === 'memory:') {
    process.stderr.write(
      'basket events: memory: storage lives inside the server; use GET /baskets/{id}/events\n',
    );
    return 1;
  }
  const storage = await openStorage(config.databaseUrl, config.databaseSchema);
  try {
    const recorded = await storage.events.readStream(basketStream(basketId));
    if (recorded.length === 0) {
      process.stderr.write(`basket events: no events for basket ${basketId}\n`);
      return 1;
    }
    for (const event of recorded) {
      const line = {
        version: event.version,
        type: event.type,
        // As stored: the data of an older schema version is shown as written (the API upcasts it).
        ...(event.schemaVersion === undefined ? {} : { schemaVersion: event.schemaVersion }),
        recorded: event.recorded,
        data: redacted(event.data),
      };
      process.stdout.write(`${JSON.stringify(line)}\n`);
    }
    return 0;
  } finally {
    await storage.close();
  }
};
