import type { DomainProblem } from '../decider';
import { problem } from '../decider';
import { isBefore } from '../primitives/time';
import type { DeliveryMethodSelection } from '../values/delivery';
import type { BasketCommandOf } from './commands';
import type { Decision } from './decide-support';
import { accept, refuse, unchanged } from './decide-support';
import { seatIdsOf } from './orphans';
import type { ExistingBasket, ProviderBasketState } from './state';

type SetDeliveryMethod = BasketCommandOf<'SetDeliveryMethod'>;

const invalid = (detail: string) => problem('delivery-method-invalid', detail);

/** The selection must name one of the provider basket's methods, of the same type (C-7.9). */
const methodRefusal = (
  pb: ProviderBasketState,
  selection: DeliveryMethodSelection,
): DomainProblem | undefined => {
  const method = pb.terms.deliveryMethods.find((m) => m.id === selection.id);
  if (!method) return invalid(`provider basket ${pb.id} has no delivery method ${selection.id}`);
  if (method.type !== selection.type)
    return invalid(`delivery method ${method.id} is ${method.type}, not ${selection.type}`);
  if (method.type !== 'Address' || selection.type !== 'Address') return undefined;
  if ((selection.addressEntryId === undefined) === (selection.address === undefined)) {
    return problem('validation-failed', 'exactly one of addressEntryId and address is required');
  }
  const entryId = selection.addressEntryId;
  return entryId === undefined || method.entries.some((e) => e.id === entryId)
    ? undefined
    : invalid(`delivery method ${method.id} has no address entry ${entryId}`);
};

/** Collection at a kiosk of the provider, in the future; in-seat delivery to a seat of the basket (C-7.9). */
const collectionRefusal = (
  state: ExistingBasket,
  pb: ProviderBasketState,
  selection: DeliveryMethodSelection,
  at: string,
): DomainProblem | undefined => {
  if (selection.type !== 'KioskCollection' && selection.type !== 'InSeat') return undefined;
  if (!pb.terms.kioskIds.includes(selection.kioskId)) {
    return problem('kiosk-not-found', `provider ${pb.terms.providerId} has no kiosk ${selection.kioskId}`);
  }
  if (!isBefore(at, selection.collectionTime)) {
    return problem(
      'collection-time-invalid',
      `collection time ${selection.collectionTime} is not in the future`,
    );
  }
  if (selection.type !== 'InSeat') return undefined;
  return seatIdsOf(state).has(selection.seatId)
    ? undefined
    : problem('seat-not-in-basket', `seat ${selection.seatId} is not a seat of this basket`);
};

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/** setProviderBasketDeliveryMethod (C-7.9, C-7.9a): replaces the selection with the same id. */
export const decideSetDeliveryMethod = (command: SetDeliveryMethod, state: ExistingBasket): Decision => {
  const pb = state.providerBaskets.find((p) => p.id === command.providerBasketId);
  if (!pb) return refuse('provider-basket-not-found', `no provider basket ${command.providerBasketId}`);
  const { selection } = command;
  const refusal = methodRefusal(pb, selection) ?? collectionRefusal(state, pb, selection, command.at);
  if (refusal) return refuse(refusal.code, refusal.detail);
  const current = pb.selections.find((s) => s.id === selection.id);
  if (current && canonical(current) === canonical(selection)) return unchanged;
  return accept([{ type: 'DeliveryMethodSelected', at: command.at, providerBasketId: pb.id, selection }]);
};
