import { expect } from 'vitest';
import { type Answer, type AppConfig, type BasketApp, type Caller, createBasketApp } from '../src/index';
import type { JsonObject } from '../src/ports/json';
import { type ManualClock, manualClock, sequentialIds } from './fakes/clock';
import { type FakeStorage, fakeStorage } from './fakes/memory-storage';
import { type FakeProviders, fakeProviders } from './fakes/providers';

export const WEB = 'arena-web';
export const guest: Caller = { storeId: WEB };
export const alice: Caller = { storeId: WEB, contactId: 'contact-alice' };
export const bob: Caller = { storeId: WEB, contactId: 'contact-bob' };
export const otherStore: Caller = { storeId: 'arena-app' };

/** Product ids of the demo catalog. */
export const LIONS_YAKS = 'tix:arena|1fed8c284c51a8c8a88c6b61';
export const ADULT_RATE = 'tix:arena|04fa8b0f000f5e75539db368';
export const PIE = 'fnb:arena|46602259e87b5062c3ef0e0f';
export const TOUR = 'tsl:tours|39ced27e9e7be42a13773e41';
export const TOUR_ADULT = 'tsl:tours|64b47d3a61c49aee86035d6e';
export const TOUR_SLOT_SMALL = 'tsl:tours|6506fe8e20105bedbc24398b';
export const SHIRT = 'shop|b4fc97c45b14a06fbcbdf88d';
export const LAB_ITEM = 'lab|03f2bf75be87f4bf24300793';

export type Harness = {
  readonly app: BasketApp;
  readonly storage: FakeStorage;
  readonly fakes: FakeProviders;
  readonly clock: ManualClock;
  /** Waits until the app has no work under way. */
  readonly settle: () => Promise<void>;
};

export const harness = (config: AppConfig = {}, storage: FakeStorage = fakeStorage()): Harness => {
  const fakes = fakeProviders();
  const clock = manualClock();
  const app = createBasketApp({
    storage,
    providers: fakes.providers,
    paymentProvider: fakes.paymentProvider,
    clock,
    ids: sequentialIds(),
    config: { recoveryIntervalMs: 0, sweepIntervalMs: 0, paymentSyncWaitMs: 0, ...config },
  });
  return { app, storage, fakes, clock, settle: () => app.processor.idle() };
};

/**
 * A second process on the harness's storage, providers and clock (C-6.5), with ids of its own and
 * no periodic work: its recovery runs when the test calls it.
 */
export const secondProcess = (h: Harness, config: AppConfig = {}): BasketApp =>
  createBasketApp({
    storage: h.storage,
    providers: h.fakes.providers,
    paymentProvider: h.fakes.paymentProvider,
    clock: h.clock,
    ids: { uuid: () => crypto.randomUUID(), providerSuffix: () => 'o'.repeat(24) },
    config: { recoveryIntervalMs: 0, sweepIntervalMs: 0, paymentSyncWaitMs: 0, ...config },
  });

/** The body of a 200 or 202 answer (fails the test otherwise). */
export const bodyOf = (answer: Answer): JsonObject => {
  if (!('body' in answer)) throw new Error(`expected a body, got ${JSON.stringify(answer)}`);
  return answer.body;
};

export const codeOf = (answer: Answer): string | undefined =>
  'problem' in answer ? answer.problem.code : undefined;

export const expectProblem = (answer: Answer, status: number, code: string): void => {
  expect({ status: answer.status, code: codeOf(answer) }).toEqual({ status, code });
};

export const stringField = (body: JsonObject, key: string): string => {
  const value = body[key];
  if (typeof value !== 'string') throw new Error(`expected ${key} to be a string in ${JSON.stringify(body)}`);
  return value;
};

/** Creates a basket for `caller` and answers its id. */
export const newBasket = async (h: Harness, caller: Caller = guest): Promise<string> => {
  const created = await h.app.api.createBasket(caller);
  expect(created.status).toBe(200);
  return stringField(bodyOf(created), 'id');
};

/** The notification of an accepted answer, once processed. */
export const outcomeOf = async (h: Harness, answer: Answer, caller: Caller = guest): Promise<JsonObject> => {
  await h.settle();
  const id = stringField(bodyOf(answer), 'notificationId');
  return bodyOf(await h.app.api.getNotification(caller, id));
};

export const basketOf = async (h: Harness, basketId: string, caller: Caller = guest): Promise<JsonObject> =>
  bodyOf(await h.app.api.getBasket(caller, basketId));
