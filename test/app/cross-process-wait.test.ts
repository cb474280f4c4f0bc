import { createMemoryStorage } from '@basket/store-memory';
import { describe, expect, it } from 'vitest';
import { alice, bodyOf, ids, text, world } from './support';

describe('waiting for a notification completed by another process (C-5.2, C-6.2)', () => {
  it('an app sharing the store hears a completion it did not make before its waitMs runs out', async () => {
    const storage = createMemoryStorage();
    const accepting = await world({ storage });
    // The waiting app re-reads the store every 20 ms; its own hub never hears the other's completion.
    const waiting = await world({ storage, config: { notificationRecheckMs: 20 } });
    const created = bodyOf(await accepting.app.api.createBasket(alice));
    const answer = await accepting.app.api.addProduct(alice, text(created, 'id'), ids.pie, { quantity: 1 });
    const notificationId = text(bodyOf(answer), 'notificationId');
    // C-5.2's longest waitMs, 30 s, against a 15 s test timeout: only the re-read can answer in time.
    const done = bodyOf(await waiting.app.api.getNotification(alice, notificationId, 30_000));
    expect(done).toMatchObject({ notificationId, status: 'Succeeded' });
  }, 15_000);
});
