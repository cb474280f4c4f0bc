import { enc, MATCH, MATCH_ADULT, PIE, TOUR, TOUR_ADULT, TOUR_SLOT } from './catalog';

export type Ids = {
  readonly basketId: string;
  readonly providerBasketId: string;
  readonly lineItemId: string;
  readonly paymentIntentId: string;
  readonly notificationId: string;
};

export type Endpoint = {
  readonly operation: string;
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly json?: unknown;
  /** Whether the endpoint reads or changes one basket (C-2.4, C-2.5). */
  readonly basket: boolean;
};

/** One well-formed request for every endpoint of the interface (1..17) and of C-4.4. */
export const endpoints = (ids: Ids): ReadonlyArray<Endpoint> => {
  const B = `/baskets/${ids.basketId}`;
  const line = `${B}/provider/${enc(ids.providerBasketId)}/items/${enc(ids.lineItemId)}`;
  return [
    { operation: 'createBasket', method: 'POST', path: '/baskets', basket: false },
    { operation: 'getBasket', method: 'GET', path: B, basket: true },
    { operation: 'deleteBasket', method: 'DELETE', path: B, basket: true },
    { operation: 'assignContact', method: 'PATCH', path: `${B}/assign-contact`, basket: true },
    {
      operation: 'createPaymentIntent',
      method: 'POST',
      path: `${B}/payment-intents`,
      json: {},
      basket: true,
    },
    {
      operation: 'deletePaymentIntent',
      method: 'DELETE',
      path: `${B}/payment-intents/${ids.paymentIntentId}`,
      basket: true,
    },
    {
      operation: 'addProductToBasket',
      method: 'POST',
      path: `${B}/products/${enc(PIE)}`,
      json: { quantity: 1 },
      basket: true,
    },
    {
      operation: 'selectSeats',
      method: 'POST',
      path: `${B}/products/${enc(MATCH)}/ticketing/select-seats`,
      json: { rates: [{ rateId: MATCH_ADULT, quantity: 1 }] },
      basket: true,
    },
    {
      operation: 'selectTimeSlot',
      method: 'POST',
      path: `${B}/products/${enc(TOUR)}/time-slots/select-slot`,
      json: { timeSlotId: TOUR_SLOT, rates: [{ rateId: TOUR_ADULT, quantity: 1 }] },
      basket: true,
    },
    { operation: 'deleteLineItem', method: 'DELETE', path: line, basket: true },
    {
      operation: 'updateLineItem',
      method: 'PATCH',
      path: line,
      json: { type: 'TimeSlot', quantity: 1 },
      basket: true,
    },
    {
      operation: 'updateLineItemQuantity',
      method: 'PATCH',
      path: `${line}/quantity`,
      json: { quantity: 3 },
      basket: true,
    },
    {
      operation: 'setProviderBasketDeliveryMethod',
      method: 'POST',
      path: `${B}/provider/${enc(ids.providerBasketId)}/set-delivery-method`,
      json: {
        deliveryMethod: {
          type: 'InSeat',
          id: 'fnb-inseat',
          kioskId: 'kiosk-west',
          collectionTime: '2099-01-01T12:00:00Z',
          collectionId: 'c',
          seatId: 'N-A-1',
        },
      },
      basket: true,
    },
    {
      operation: 'setCustomerDetails',
      method: 'PATCH',
      path: `${B}/set-customer-details`,
      json: { customerDetails: [{ type: 'FirstName', value: { name: 'Mallory' } }] },
      basket: true,
    },
    {
      operation: 'addVoucherToBasket',
      method: 'POST',
      path: `${B}/voucher`,
      json: { voucherCode: 'SCARFHALF' },
      basket: true,
    },
    {
      operation: 'removeVoucherFromBasket',
      method: 'DELETE',
      path: `${B}/voucher`,
      json: { voucherCode: 'SHIRT10' },
      basket: true,
    },
    {
      operation: 'useSavedPaymentToken',
      method: 'POST',
      path: '/psp/tokens/use-existing',
      json: { paymentIntentId: ids.paymentIntentId, tokenId: 'tok_alice_visa' },
      basket: true,
    },
    {
      operation: 'getPaymentIntent',
      method: 'GET',
      path: `${B}/payment-intents/${ids.paymentIntentId}`,
      basket: true,
    },
    {
      operation: 'getNotification',
      method: 'GET',
      path: `/notifications/${ids.notificationId}`,
      basket: true,
    },
    { operation: 'getBasketEvents', method: 'GET', path: `${B}/events`, basket: true },
  ];
};
