import { randomInt, randomUUID } from 'node:crypto';
import type { Catalog } from '@basket/core';
import { createMemoryStorage } from '@basket/store-memory';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoCatalogPath, loadCatalogFile, simulatedPaymentProvider } from '../src';

const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const ids = {
  providerSuffix: () => Array.from({ length: 24 }, () => ALNUM[randomInt(ALNUM.length)]).join(''),
};
const PROVIDER_IDENTITY = /^[a-z0-9]{1,5}(:[a-z0-9]{1,12})?\|[a-z0-9]{24}$/;
const amount = { minorUnits: 7000, currencyCode: 'GBP', precision: 2 };

let catalog: Catalog;
beforeAll(async () => {
  catalog = await loadCatalogFile(demoCatalogPath);
});

/** The demo catalog's saved tokens whose outcome is `succeed`, with their contacts. */
const goodToken = (contactId: string, tokenId: string): boolean =>
  (contactId === 'contact-alice' && tokenId === 'tok_alice_visa') ||
  (contactId === 'contact-bob' && tokenId === 'tok_bob_mastercard');

/** A payment provider with one open session for a fresh intent. */
const opened = async () => {
  const psp = simulatedPaymentProvider(catalog, { ids, ledger: createMemoryStorage().providerLedger });
  const paymentIntentId = randomUUID();
  const session = await psp.openSession({
    paymentIntentId,
    amount,
    payload: { returnUrl: 'https://shop.example/done' },
  });
  const pay = (contactId: string, tokenId: string, reference: string = session.reference) =>
    psp.charge({ paymentIntentId, reference, contactId, tokenId });
  return { psp, paymentIntentId, session, pay };
};

describe('simulatedPaymentProvider', () => {
  it('opens a session whose reference is a ProviderIdentity of the catalog’s payment provider (C-8.2)', async () => {
    const { session, paymentIntentId } = await opened();
    expect(session.reference).toMatch(PROVIDER_IDENTITY);
    expect(session.reference.startsWith('psp:simpay|')).toBe(true);
    expect(session.payload).toMatchObject({ provider: 'simpay', paymentIntentId, amount });
    expect(session.payload.request).toEqual({ returnUrl: 'https://shop.example/done' });
  });

  it('answers the same session when an intent’s session is opened again', async () => {
    const { psp, paymentIntentId, session } = await opened();
    expect(await psp.openSession({ paymentIntentId, amount, payload: {} })).toEqual(session);
  });

  it('charges a token whose outcome is succeed, and declines one whose outcome is decline (C-4.3)', async () => {
    expect(await (await opened()).pay('contact-alice', 'tok_alice_visa')).toBe('succeeded');
    const { psp, paymentIntentId, pay } = await opened();
    expect(await pay('contact-alice', 'tok_alice_declined')).toBe('declined');
    expect(await psp.chargesTaken(paymentIntentId)).toBe(0);
  });

  it('lets a declined intent be paid again, with another token', async () => {
    const { psp, paymentIntentId, pay } = await opened();
    expect(await pay('contact-alice', 'tok_alice_declined')).toBe('declined');
    expect(await pay('contact-alice', 'tok_alice_visa')).toBe('succeeded');
    expect(await psp.chargesTaken(paymentIntentId)).toBe(1);
  });

  it('never charges an intent twice: a later charge answers the first success again (C-8.6)', async () => {
    const { psp, paymentIntentId, pay } = await opened();
    expect(await pay('contact-alice', 'tok_alice_visa')).toBe('succeeded');
    expect(await pay('contact-alice', 'tok_alice_visa')).toBe('succeeded');
    expect(await pay('contact-alice', 'tok_alice_declined')).toBe('succeeded');
    expect(await psp.chargesTaken(paymentIntentId)).toBe(1);
  });

  it('takes one payment when charges of one intent race', async () => {
    const { psp, paymentIntentId, pay } = await opened();
    const outcomes = await Promise.all([
      pay('contact-bob', 'tok_bob_mastercard'),
      pay('contact-bob', 'tok_bob_mastercard'),
    ]);
    expect(outcomes).toEqual(['succeeded', 'succeeded']);
    expect(await psp.chargesTaken(paymentIntentId)).toBe(1);
  });

  it('cannot charge a voided session (C-8.4)', async () => {
    const { psp, paymentIntentId, session, pay } = await opened();
    expect(await psp.voidSession({ paymentIntentId, reference: session.reference })).toEqual({
      outcome: 'voided',
    });
    expect(await pay('contact-alice', 'tok_alice_visa')).toBe('declined');
    expect(await psp.chargesTaken(paymentIntentId)).toBe(0);
  });

  it('answers a paid session as paid with its token instead of voiding it (C-8.6)', async () => {
    const { psp, paymentIntentId, session, pay } = await opened();
    expect(await pay('contact-alice', 'tok_alice_visa')).toBe('succeeded');
    const answer = { outcome: 'paid', tokenId: 'tok_alice_visa' };
    expect(await psp.voidSession({ paymentIntentId, reference: session.reference })).toEqual(answer);
    expect(await psp.voidSession({ paymentIntentId, reference: session.reference })).toEqual(answer);
    expect(await psp.chargesTaken(paymentIntentId)).toBe(1);
  });

  it('declines a token of another contact, an unknown token, a wrong reference or an unopened intent', async () => {
    const { psp, paymentIntentId, pay } = await opened();
    expect(await pay('contact-bob', 'tok_alice_visa')).toBe('declined');
    expect(await pay('contact-alice', 'tok_nobody')).toBe('declined');
    expect(await pay('contact-alice', 'tok_alice_visa', `psp:simpay|${ids.providerSuffix()}`)).toBe(
      'declined',
    );
    expect(
      await psp.charge({
        paymentIntentId: randomUUID(),
        reference: 'psp:simpay|x',
        contactId: 'contact-alice',
        tokenId: 'tok_alice_visa',
      }),
    ).toBe('declined');
    expect(await psp.chargesTaken(paymentIntentId)).toBe(0);
  });

  it('knows which saved tokens are whose (C-2.7)', async () => {
    const psp = simulatedPaymentProvider(catalog, { ids, ledger: createMemoryStorage().providerLedger });
    expect(await psp.ownsToken('contact-alice', 'tok_alice_visa')).toBe(true);
    expect(await psp.ownsToken('contact-alice', 'tok_alice_declined')).toBe(true);
    expect(await psp.ownsToken('contact-bob', 'tok_alice_visa')).toBe(false);
    expect(await psp.ownsToken('contact-nobody', 'tok_alice_visa')).toBe(false);
  });

  it('takes at most one payment per intent, and is paid from the first success on, whatever is tried (property)', async () => {
    const attempt = fc.oneof(
      fc.record({
        kind: fc.constant('charge' as const),
        contactId: fc.constantFrom('contact-alice', 'contact-bob'),
        tokenId: fc.constantFrom('tok_alice_visa', 'tok_alice_declined', 'tok_bob_mastercard'),
      }),
      fc.record({ kind: fc.constant('void' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(attempt, { maxLength: 8 }), async (attempts) => {
        const { psp, paymentIntentId, session, pay } = await opened();
        let paid = false;
        let voided = false;
        for (const step of attempts) {
          if (step.kind === 'void') {
            await psp.voidSession({ paymentIntentId, reference: session.reference });
            voided ||= !paid;
            continue;
          }
          const outcome = await pay(step.contactId, step.tokenId);
          const succeeds: boolean = paid || (!voided && goodToken(step.contactId, step.tokenId));
          expect(outcome).toBe(succeeds ? 'succeeded' : 'declined');
          paid ||= succeeds;
        }
        expect(await psp.chargesTaken(paymentIntentId)).toBe(paid ? 1 : 0);
      }),
    );
  });

  it('lets any instance on one ledger charge a session that another opened, once (C-6.5)', async () => {
    // Two processes: two payment providers sharing their storage's ledger, nothing else.
    const ledger = createMemoryStorage().providerLedger;
    const [one, two] = [
      simulatedPaymentProvider(catalog, { ids, ledger }),
      simulatedPaymentProvider(catalog, { ids, ledger }),
    ];
    const paymentIntentId = randomUUID();
    const session = await one.openSession({ paymentIntentId, amount, payload: {} });
    expect(await two.openSession({ paymentIntentId, amount, payload: {} })).toEqual(session);
    const charge = (psp: typeof one, tokenId: string) =>
      psp.charge({ paymentIntentId, reference: session.reference, contactId: 'contact-alice', tokenId });
    expect(await charge(two, 'tok_alice_declined')).toBe('declined');
    const outcomes = await Promise.all([charge(one, 'tok_alice_visa'), charge(two, 'tok_alice_visa')]);
    expect(outcomes).toEqual(['succeeded', 'succeeded']);
    expect(await one.chargesTaken(paymentIntentId)).toBe(1);
    expect(await ledger.charges(paymentIntentId)).toEqual([
      expect.objectContaining({ reference: session.reference, tokenId: 'tok_alice_visa', amount }),
    ]);
  });
});
