import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO } from '../src/demo/catalog';
import { BasketNetworkError, BasketTimeoutError, createBasketClient } from '../src/index';
import { ALICE, clientFor, readyToPay, type SpawnedServer, spawnServer } from './support/server';

const BASKET = '0190f5a2-7c1e-7a3b-9c4d-5e6f7a8b9c0d';
const NOTIFICATION = '0190f5a2-7c1e-7a3b-9c4d-5e6f7a8b9c0e';

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': status >= 400 ? 'application/problem+json' : 'application/json',
      ...headers,
    },
  });

/** A client over a fetch that answers by `answer`, recording each request. */
const scriptedClient = (answer: (request: Request, signal: AbortSignal | undefined) => Promise<Response>) => {
  const sent: Request[] = [];
  const client = createBasketClient({
    baseUrl: 'http://basket.test',
    apiKey: 'YXJlbmEtd2Vi',
    token: 'token',
    retry: { retries: 2, delayMs: () => 0 },
    fetch: async (input, init) => {
      const request = new Request(input, init);
      sent.push(request);
      return answer(request, init?.signal ?? undefined);
    },
  });
  return { client, sent };
};

const accepted = () => json(200, { notificationId: NOTIFICATION });

const succeeded = () =>
  json(200, {
    notificationId: NOTIFICATION,
    basketId: BASKET,
    operation: 'addProductToBasket',
    status: 'Succeeded',
    created: '2026-11-29T12:00:00.000Z',
    completed: '2026-11-29T12:00:00.010Z',
  });

/** Runs `body` on fake timers, given a way to let them run. */
const onFakeTimers = async (body: () => Promise<void>) => {
  vi.useFakeTimers();
  try {
    await body();
  } finally {
    vi.useRealTimers();
  }
};

describe('the client at the edges of its documented behaviour', () => {
  it('settled({ timeoutMs }) gives up at its deadline even while a poll is unanswered', async () => {
    const { client } = scriptedClient(async (request, signal) => {
      if (request.method === 'POST') return accepted();
      // A long poll held by a proxy: answered only when the client gives up on it.
      return new Promise<Response>((_, reject) => {
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    });
    const settling = client.basket(BASKET).addProduct(DEMO.pie, { quantity: 1 }).settled({ timeoutMs: 200 });
    await expect(settling).rejects.toBeInstanceOf(BasketTimeoutError);
  });

  it('settled() polls again through polls that failed on the way (no answer, a 502 from a load balancer): the command stays accepted once', async () =>
    onFakeTimers(async () => {
      let polls = 0;
      const { client, sent } = scriptedClient(async (request) => {
        if (request.method === 'POST') return accepted();
        polls += 1;
        // The transport's three attempts of the first poll get no answer, those of the second a 502.
        if (polls <= 3) throw new TypeError('fetch failed');
        if (polls <= 6) return new Response('<html>Bad Gateway</html>', { status: 502 });
        return succeeded();
      });
      const settling = client.basket(BASKET).addProduct(DEMO.pie, { quantity: 1 }).settled();
      await vi.advanceTimersByTimeAsync(249);
      expect(polls).toBe(3);
      // Then a pause of 500 ms after the second poll's 502s.
      await vi.advanceTimersByTimeAsync(300);
      expect(polls).toBe(6);
      await vi.advanceTimersByTimeAsync(500);
      await expect(settling).resolves.toMatchObject({ status: 'Succeeded' });
      expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1);
    }));

  it('settled() without timeoutMs gives up after 30 s of failed polls in a row, with the error of the notification read', async () =>
    onFakeTimers(async () => {
      const { client } = scriptedClient(async (request) => {
        if (request.method === 'POST') return accepted();
        throw new TypeError('fetch failed');
      });
      const settling = client.basket(BASKET).addProduct(DEMO.pie, { quantity: 1 }).settled();
      const outcome = settling.then(
        () => undefined,
        (error: unknown) => error,
      );
      await vi.advanceTimersByTimeAsync(27_000);
      let settledYet = false;
      void outcome.then(() => {
        settledYet = true;
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(settledYet).toBe(false);
      await vi.advanceTimersByTimeAsync(3_000);
      const error = await outcome;
      expect(error).toBeInstanceOf(BasketNetworkError);
      expect(error).toMatchObject({ request: { method: 'GET', path: `/notifications/${NOTIFICATION}` } });
    }));

  it('settled({ timeoutMs }) through failed polls ends at its deadline with BasketTimeoutError', async () =>
    onFakeTimers(async () => {
      const { client } = scriptedClient(async (request) => {
        if (request.method === 'POST') return accepted();
        throw new TypeError('fetch failed');
      });
      const settling = client
        .basket(BASKET)
        .addProduct(DEMO.pie, { quantity: 1 })
        .settled({ timeoutMs: 3000 });
      const outcome = settling.then(
        () => undefined,
        (error: unknown) => error,
      );
      await vi.advanceTimersByTimeAsync(3000);
      expect(await outcome).toBeInstanceOf(BasketTimeoutError);
    }));

  it('retries a 409 idempotency-key-in-use with the same key (C-6.3), then answers', async () => {
    let calls = 0;
    const { client, sent } = scriptedClient(async () => {
      calls += 1;
      return calls === 1
        ? json(409, {
            type: 'https://basket-service.example/problems/idempotency-key-in-use',
            title: 'Conflict',
            status: 409,
            detail: 'a request with this key is under way',
            code: 'idempotency-key-in-use',
          })
        : accepted();
    });
    const answer = await client
      .basket(BASKET)
      .addProduct(DEMO.pie, { quantity: 1 }, { idempotencyKey: 'k-1' });
    expect(answer.notificationId).toBe(NOTIFICATION);
    expect(sent.map((request) => request.headers.get('idempotency-key'))).toEqual(['k-1', 'k-1']);
  });

  it('refuses what it cannot send before sending anything: an Idempotency-Key outside printable ASCII, a path id . or ..', async () => {
    const { client, sent } = scriptedClient(async () => accepted());
    const basket = client.basket(BASKET);
    for (const idempotencyKey of ['ключ', 'a\nb', '']) {
      await expect(basket.addProduct(DEMO.pie, { quantity: 1 }, { idempotencyKey })).rejects.toThrow(
        'an Idempotency-Key is 1 to 255 printable ASCII characters',
      );
    }
    await expect(client.notification('..')).rejects.toBeInstanceOf(TypeError);
    await expect((async () => basket.deletePaymentIntent('.'))()).rejects.toBeInstanceOf(TypeError);
    expect(sent).toEqual([]);
  });
});

describe('the remembered ETag and reads that cross the client’s own commands', () => {
  let server: SpawnedServer;
  beforeAll(async () => {
    server = await spawnServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a read answered before an accepted command but delivered after it is not remembered', async () => {
    let holdReads: Promise<void> | undefined;
    const alice = await clientFor(server, ALICE, {
      useETags: true,
      fetch: async (input, init) => {
        const response = await globalThis.fetch(input, init);
        const request = new Request(input, init);
        if (request.method === 'GET' && holdReads !== undefined) await holdReads;
        return response;
      },
    });
    const { id } = await alice.createBasket();
    const basket = alice.basket(id);
    let release: () => void = () => {};
    holdReads = new Promise((resolve) => {
      release = resolve;
    });
    // The read's answer (version 1) is held on its way back while a command is accepted.
    const reading = basket.get();
    await basket.addProduct(DEMO.pie, { quantity: 1 }, { ifMatch: '"1"' });
    release();
    await reading;
    expect(basket.etag()).toBeUndefined();
    holdReads = undefined;
    await basket.get();
    await basket.addProduct(DEMO.pie, { quantity: 1 }).settled();
  });
});

describe('createPaymentIntent(...).settled() behind a process restarting', () => {
  let server: SpawnedServer;
  beforeAll(async () => {
    // Providers slower than the 1 s the request waits: the answer is a 202, and settled() reads the intent.
    server = await spawnServer({ BASKET_PROVIDER_LATENCY_MS: '1200' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('reads the intent its notification names through reads that fail on the way, as it polls the notification', async () => {
    let failIntentReads = 0;
    const alice = await clientFor(server, ALICE, {
      fetch: async (input, init) => {
        const request = new Request(input, init);
        if (
          request.method === 'GET' &&
          /\/payment-intents\//.test(new URL(request.url).pathname) &&
          failIntentReads > 0
        ) {
          failIntentReads -= 1;
          throw new TypeError('fetch failed');
        }
        return globalThis.fetch(input, init);
      },
    });
    const basket = alice.basket((await alice.createBasket()).id);
    await readyToPay(basket);
    const creating = basket.createPaymentIntent();
    expect((await creating).status).toBe(202);
    // Every attempt of the first read of the intent gets no answer (the transport tries three times).
    failIntentReads = 3;
    const intent = await creating.settled({ timeoutMs: 20_000 });
    expect(intent.status).toBe('AwaitingPayment');
    expect(failIntentReads).toBe(0);
  }, 30_000);
});
