/**
 * Requests waiting for a place, let in in order of arrival (a waiting room at the door). A waiter
 * is answered `admitted` when let in (its `onAdmit` has then run, at the moment of admission), or
 * why not: the line was `full`, its wait ran `out`, it went away (`gone`) or the queue was
 * `closed`; the queue forgets it either way.
 */
export type Admission = 'admitted' | 'full' | 'out' | 'gone' | 'closed';

export type AdmissionQueue = {
  /** Waits in line; at once `full` when `capacity` are already waiting, `gone` when it already is. */
  readonly wait: (gone: AbortSignal, onAdmit: () => void) => Promise<Admission>;
  /** Lets in the longest waiting, one after the other, while `hasRoom()` says there is room. */
  readonly admit: (hasRoom: () => boolean) => void;
  /** Answers every waiter `closed` (the process is closing), and every later one at once. */
  readonly close: () => void;
  readonly waiting: () => number;
};

type Waiter = (outcome: Admission) => void;

export const createAdmissionQueue = (capacity: number, maxWaitMs: number): AdmissionQueue => {
  // Waiters in order of arrival; a Set keeps insertion order and forgets one in O(1).
  const line = new Set<Waiter>();
  let closed = false;
  const wait = (gone: AbortSignal, onAdmit: () => void): Promise<Admission> => {
    if (closed) return Promise.resolve('closed');
    if (gone.aborted) return Promise.resolve('gone');
    if (line.size >= capacity) return Promise.resolve('full');
    return new Promise<Admission>((resolve) => {
      const settle: Waiter = (outcome) => {
        if (!line.delete(settle)) return;
        clearTimeout(timer);
        gone.removeEventListener('abort', leave);
        if (outcome === 'admitted') onAdmit();
        resolve(outcome);
      };
      const leave = () => settle('gone');
      const timer = setTimeout(() => settle('out'), maxWaitMs);
      gone.addEventListener('abort', leave, { once: true });
      line.add(settle);
    });
  };
  const admit = (hasRoom: () => boolean): void => {
    for (const settle of line) {
      if (!hasRoom()) return;
      settle('admitted');
    }
  };
  const close = (): void => {
    closed = true;
    for (const settle of line) settle('closed');
  };
  return { wait, admit, close, waiting: () => line.size };
};
