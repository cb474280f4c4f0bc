import { DiscardPolicy, type JetStreamManager, NatsError, nanos, RetentionPolicy, StorageType } from 'nats';
import { takesEverySubjectUnder } from './subject';

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
 * makes the notification id a deduplication key). An existing stream is used as it is, when its
 * subjects take `<prefix>.>`; else it is refused with an error that says so (publishing to it would
 * only be answered "no responders", a 503, for ever).
 */
export const ensureStream = async (jsm: JetStreamManager, settings: StreamSettings): Promise<boolean> => {
  try {
    const { config } = await jsm.streams.info(settings.name);
    const subjects = config.subjects ?? [];
    if (!subjects.some((subject) => takesEverySubjectUnder(subject, settings.subjectPrefix))) {
      throw new Error(
        `the stream ${settings.name} takes the subjects ${JSON.stringify(subjects)}, not ${settings.subjectPrefix}.>: ` +
          "add that subject to the stream, or set the relay's stream or subject prefix to match it",
      );
    }
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
