import { DiscardPolicy, type JetStreamManager, NatsError, nanos, RetentionPolicy, StorageType } from 'nats';

export type StreamSettings = {
  readonly name: string;
  readonly subjectPrefix: string;
  readonly duplicateWindowMs: number;
};

const STREAM_NOT_FOUND = 10059;
const STREAM_NAME_IN_USE = 10058;

const apiErrorCode = (err: unknown): number | undefined =>
  err instanceof NatsError ? err.api_error?.err_code : undefined;

/**
 * Creates the stream when absent (subjects `<prefix>.>`, file storage, the duplicate window that
 * makes the notification id a deduplication key). An existing stream is used as it is.
 */
export const ensureStream = async (jsm: JetStreamManager, settings: StreamSettings): Promise<boolean> => {
  try {
    await jsm.streams.info(settings.name);
    return false;
  } catch (err) {
    if (apiErrorCode(err) !== STREAM_NOT_FOUND) throw err;
  }
  try {
    await jsm.streams.add({
      name: settings.name,
      subjects: [`${settings.subjectPrefix}.>`],
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      discard: DiscardPolicy.Old,
      duplicate_window: nanos(settings.duplicateWindowMs),
    });
    return true;
  } catch (err) {
    // Another relay created it between our look and our add.
    if (apiErrorCode(err) === STREAM_NAME_IN_USE) return false;
    throw err;
  }
};
