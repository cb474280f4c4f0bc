import type { JsonObject, ProviderBasketRequest } from '@basket/app';
import {
  type Answer,
  type AppConfig,
  type BasketApp,
  type Caller,
  type Clock,
  createBasketApp,
  type Ids,
  randomIds,
  type Storage,
} from '@basket/app';
import type { Catalog } from '@basket/core';
import {
  demoCatalogPath,
  loadCatalogFile,
  type SimulatedPaymentProvider,
  type SimulatedProviders,
  simulatedPaymentProvider,
  simulatedProviders,
} from '@basket/providers-catalog';
import { createMemoryStorage } from '@basket/store-memory';
import { expect, vi } from 'vitest';

export const alice: Caller = { storeId: 'arena-web', contactId: 'contact-alice' };
export const bob: Caller = { storeId: 'arena-web', contactId: 'contact-bob' };

export const ids = {
  event: 'tix:arena|1fed8c284c51a8c8a88c6b61',
  adult: 'tix:arena|04fa8b0f000f5e75539db368',
  pie: 'fnb:arena|46602259e87b5062c3ef0e0f',
  tour: 'tsl:tours|39ced27e9e7be42a13773e41',
  tourSlot: 'tsl:tours|5664ed686977667429c0cad2',
  tourAdult: 'tsl:tours|64b47d3a61c49aee86035d6e',
  shirt: 'shop|b4fc97c45b14a06fbcbdf88d',
  lab: 'lab|03f2bf75be87f4bf24300793',
} as const;

/** A clock that moves when the test says so (C-7.8 on an injected clock). */
export const testClock = (start = '2026-11-21T18:00:00.000Z') => {
  let now = Date.parse(start);
  return {
    now: () => new Date(now).toISOString(),
    advance: (ms: number) => {
      now += ms;
    },
  } satisfies Clock & { advance: (ms: number) => void };
};

export type World = {
  readonly app: BasketApp;
  readonly storage: Storage;
  readonly providers: SimulatedProviders;
  readonly payments: SimulatedPaymentProvider;
  readonly clock: ReturnType<typeof testClock>;
  readonly catalog: Catalog;
};

/** The app over store-memory and the simulated providers of the demo catalog. */
export const world = async (
  options: { latencyMs?: number; config?: AppConfig; storage?: Storage; ids?: Ids } = {},
): Promise<World> => {
  const catalog = await loadCatalogFile(demoCatalogPath);
  const storage = options.storage ?? createMemoryStorage();
  const providers = simulatedProviders(catalog, {
    latencyMs: options.latencyMs ?? 0,
    ledger: storage.providerLedger,
  });
  const payments = simulatedPaymentProvider(catalog, {
    latencyMs: options.latencyMs ?? 0,
    ids: randomIds,
    ledger: storage.providerLedger,
  });
  const clock = testClock();
  const app = createBasketApp({
    storage,
    providers,
    paymentProvider: payments,
    clock,
    ids: options.ids ?? randomIds,
    config: { recoveryIntervalMs: 0, sweepIntervalMs: 0, ...options.config },
  });
  return { app, storage, providers, payments, clock, catalog };
};

export const bodyOf = (answer: Answer): JsonObject => {
  if (!('body' in answer)) throw new Error(`expected a body: ${JSON.stringify(answer)}`);
  return answer.body;
};

export const text = (body: JsonObject, key: string): string => {
  const value = body[key];
  if (typeof value !== 'string') throw new Error(`no ${key} in ${JSON.stringify(body)}`);
  return value;
};

export const expectProblem = (answer: Answer, status: number, code: string): void => {
  expect({ status: answer.status, code: 'problem' in answer ? answer.problem.code : undefined }).toEqual({
    status,
    code,
  });
};

/** The outcome of an accepted request, waited for without polling (C-5.2 `waitMs`). */
export const outcome = async (w: World, caller: Caller, answer: Answer): Promise<JsonObject> =>
  bodyOf(await w.app.api.getNotification(caller, text(bodyOf(answer), 'notificationId'), 30_000));

export const succeeds = async (w: World, caller: Caller, answer: Promise<Answer>): Promise<void> => {
  const accepted = await answer;
  expect(accepted.status === 200 || accepted.status === 202, JSON.stringify(accepted)).toBe(true);
  const done = await outcome(w, caller, accepted);
  expect(done, JSON.stringify(done)).toMatchObject({ status: 'Succeeded' });
};

type Listed = { readonly id?: unknown; readonly type?: unknown; readonly productId?: unknown };
export const providerBaskets = (
  basket: JsonObject,
): ReadonlyArray<Listed & { readonly lineItems?: unknown; readonly expires?: unknown }> =>
  Array.isArray(basket.providerBaskets) ? (basket.providerBaskets as ReadonlyArray<Listed>) : [];
export const lineItems = (basket: JsonObject): ReadonlyArray<Listed> =>
  providerBaskets(basket).flatMap((pb) =>
    Array.isArray(pb.lineItems) ? (pb.lineItems as ReadonlyArray<Listed>) : [],
  );
export const providerBasketOf = (basket: JsonObject, provider: string): string =>
  String(providerBaskets(basket).find((pb) => String(pb.id).startsWith(`${provider}|`))?.id);

export const basket = async (w: World, caller: Caller, id: string): Promise<JsonObject> =>
  bodyOf(await w.app.api.getBasket(caller, id));

/**
 * Holds every call of the simulated providers' `method` until `letGo()`: `reached` settles at the
 * first call. A test sees what the service does while a provider has not answered yet, with no sleep.
 */
export const heldProviderCalls = (w: World, method: 'confirm' | 'release') => {
  let letGo: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  let reach: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => {
    reach = resolve;
  });
  const original: (request: ProviderBasketRequest) => Promise<unknown> = w.providers[method].bind(
    w.providers,
  );
  vi.spyOn(w.providers, method).mockImplementation(async (request: ProviderBasketRequest) => {
    reach();
    await held;
    return original(request) as never;
  });
  return { reached, letGo };
};
