import { randomUUID } from 'node:crypto';
import type { NotificationRecord } from '@basket/app';

/** A completed notification of `basketId` in `storeId`; every third one Failed. */
export const completedNotification = (
  storeId: string,
  basketId: string,
  index: number,
): NotificationRecord => {
  const created = new Date().toISOString();
  const base = {
    notificationId: randomUUID(),
    storeId,
    basketId,
    operation: 'addProductToBasket',
    created,
    completed: new Date().toISOString(),
  };
  return index % 3 === 2
    ? {
        ...base,
        status: 'Failed',
        problem: {
          type: 'https://basket.example/problems/insufficient-capacity',
          title: 'Insufficient capacity',
          status: 422,
          detail: `secret-ish detail ${index}`,
          code: 'insufficient-capacity',
        },
      }
    : { ...base, status: 'Succeeded' };
};

/** `count` notifications spread round-robin over `baskets` ([storeId, basketId] pairs). */
export const spread = (
  baskets: ReadonlyArray<readonly [string, string]>,
  count: number,
  offset = 0,
): NotificationRecord[] =>
  Array.from({ length: count }, (_, i) => {
    const [storeId, basketId] = baskets[(offset + i) % baskets.length] ?? ['store', 'basket'];
    return completedNotification(storeId, basketId, offset + i);
  });

export const someBaskets = (n: number, storeId = 'store-a'): Array<readonly [string, string]> =>
  Array.from({ length: n }, () => [storeId, randomUUID()] as const);
