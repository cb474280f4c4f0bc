import type { NotificationRecord } from '@basket/app';
import type { ReadMessage } from './stream-reader';

/** Notification ids per basket, in the order given. */
export const idsPerBasket = (
  items: ReadonlyArray<{ readonly basketId: string; readonly notificationId: string }>,
): Map<string, string[]> => {
  const map = new Map<string, string[]>();
  for (const { basketId, notificationId } of items)
    map.set(basketId, [...(map.get(basketId) ?? []), notificationId]);
  return map;
};

/** What a consumer saw, per basket, first copies only (later copies of an id are duplicates). */
export const receivedPerBasket = (messages: ReadonlyArray<ReadMessage>): Map<string, string[]> => {
  const seen = new Set<string>();
  const first = messages.filter((m) => {
    const id = String(m.body.notificationId);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  return idsPerBasket(
    first.map((m) => ({ basketId: String(m.body.basketId), notificationId: String(m.body.notificationId) })),
  );
};

export const expectedPerBasket = (notifications: ReadonlyArray<NotificationRecord>): Map<string, string[]> =>
  idsPerBasket(notifications);
