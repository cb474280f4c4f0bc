import { v4, v7 } from 'uuid';
import type { Clock, Ids } from './ports/providers';

/** The machine's clock, in the canonical form (C-1.3). */
export const systemClock: Clock = { now: () => new Date().toISOString() };

/** UUIDv7 ids (C-1.5) and random provider id suffixes (24 lowercase hex digits). */
export const randomIds: Ids = {
  uuid: () => v7(),
  providerSuffix: () => {
    const hex = v4().replaceAll('-', '');
    // Skip the version and variant digits, which are not random.
    return hex.slice(0, 12) + hex.slice(13, 16) + hex.slice(17, 26);
  },
};
