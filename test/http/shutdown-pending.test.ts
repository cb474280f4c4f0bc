import { basketStream, type Storage } from '@basket/app';
import { createBasketServer, createLogger, readConfig } from '@basket/server';
import { createMemoryStorage } from '@basket/store-memory';
import { describe, expect, it } from 'vitest';
import { createClient, notificationIdOf } from './support/client';
import { TEST_SECRET } from './support/server';
import { preparedBasket } from './support/steps';
import { ALICE, credentials } from './support/tokens';

// C-10.3, C-5.1 (docs/operations.md "Shutdown", step 2): a command that a request still being
// answered gets accepted during the shutdown stays Pending for another process. The processor stops
// taking work up when the shutdown begins, not once the last request is answered: a cancellation
// that waited behind a payment intent's creation was otherwise started by the stopping process, which
// then ran past its deadline (exit 1) with slow providers (found on PGlite, one process).

/**
 * The storage, telling when a request's transaction on `basketId` opens once `watch` was called: one
 * that says when its request arrived (`since`), so not a step of the payment saga under way.
 */
const watchedStorage = () => {
  const storage = createMemoryStorage();
  let watched: { basketId: string; opened: () => void } | undefined;
  const watch = (basketId: string): Promise<void> =>
    new Promise((opened) => {
      watched = { basketId, opened };
    });
  const wrapped: Storage = {
    ...storage,
    unitOfWork: {
      ...storage.unitOfWork,
      transaction: (lock, body, prefetch, since) => {
        if (watched !== undefined && since !== undefined && lock === basketStream(watched.basketId)) {
          watched.opened();
          watched = undefined;
        }
        return storage.unitOfWork.transaction(lock, body, prefetch, since);
      },
    },
  };
  return { storage: wrapped, watch };
};

describe('shutdown with a request waiting behind a payment intent under way', () => {
  it('answers the request, and leaves the command it accepted Pending for another process', async () => {
    const config = readConfig({
      PORT: '0',
      BASKET_JWT_SECRET: TEST_SECRET,
      // The creation's providers answer after a second: it is under way when the shutdown begins.
      BASKET_PROVIDER_LATENCY_MS: '1000',
    });
    if (!config.ok) throw new Error(config.error);
    const { storage, watch } = watchedStorage();
    const server = await createBasketServer(
      config.value,
      createLogger('warn', { write: () => undefined }),
      {},
      storage,
    );
    await server.http.listen({ port: 0, host: '127.0.0.1' });
    const address = server.http.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
    const client = await createClient(url);
    const alice = await credentials(ALICE);
    const { basketId } = await preparedBasket(client, alice, { withIntent: false });
    const created = await client.send('POST', `/baskets/${basketId}/payment-intents`, alice, { json: {} });
    expect(created.status).toBe(202);
    const intentId = String(
      ((await client.send('GET', `/baskets/${basketId}`, alice)).body as { activePaymentIntentId?: string })
        .activePaymentIntentId,
    );
    // The cancellation waits behind the creation; the shutdown begins once it is being judged.
    const judged = watch(basketId);
    const cancelling = client.send('DELETE', `/baskets/${basketId}/payment-intents/${intentId}`, alice);
    await judged;
    const closing = server.close();
    const cancel = await cancelling;
    expect(cancel.status).toBe(200);
    await closing;
    const record = await storage.commands.notification(notificationIdOf(cancel));
    expect(record?.status).toBe('Pending');
    expect((await storage.commands.notification(notificationIdOf(created)))?.status).toBe('Succeeded');
  }, 30_000);
});
