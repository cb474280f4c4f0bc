import type { BasketCommand, Instant, OperationBody, OperationName, OperationPath } from '@basket/core';
import type { Ownership } from './access';
import type { Caller } from './types';

/** A basket command's request, decoded with the codecs of its operation's entry in the table. */
export type CommandInput<K extends OperationName> = {
  readonly path: OperationPath<K>;
  readonly body: OperationBody<K>;
  readonly caller: Caller;
};

/** How an operation of the table becomes a basket command, decided in its request (C-6.4). */
export type CommandBuilder<K extends OperationName> = {
  readonly ownership?: Ownership;
  /** The body decoded when none was sent. */
  readonly bodyWhenAbsent?: object;
  /** The command, stamped with the time of the decision (fresh ids are added by the app). */
  command(input: CommandInput<K>, at: Instant): BasketCommand;
};

/**
 * The operations of the table that are basket commands, each with its command: the app accepts
 * them all alike (`command-operations.ts`). The other operations have their own handlers.
 */
export const basketCommands = {
  /** 4 (C-2.6): a guest was refused (403) before the command is built. */
  assignContact: {
    ownership: 'assign',
    command: ({ path, caller }, at) => ({
      type: 'AssignContact',
      basketId: path.basketId,
      at,
      contactId: caller.contactId ?? '',
    }),
  },
  /** 7 (C-7.3, C-7.3a, C-7.4). */
  addProductToBasket: {
    command: ({ path, body }, at) => ({
      type: 'AddProduct',
      basketId: path.basketId,
      at,
      productId: path.productId,
      quantity: body.quantity,
      freshIds: [],
      crossSoldFromProductId: body.crossSoldFromProductId,
      crossSoldFromLineItemId: body.crossSoldFromLineItemId,
      productGroupId: body.productGroupId,
      kioskId: body.kioskId,
      timestreamId: body.timestreamId,
      productVariantId: body.productVariantId,
      currency: body.currency,
    }),
  },
  /** 8 (C-7.5). */
  selectSeats: {
    command: ({ path, body }, at) => ({
      type: 'SelectSeats',
      basketId: path.basketId,
      at,
      productId: path.productId,
      freshIds: [],
      rates: body.rates,
      seats: body.seats,
    }),
  },
  /** 9 (C-7.6). */
  selectTimeSlot: {
    command: ({ path, body }, at) => ({
      type: 'SelectTimeSlot',
      basketId: path.basketId,
      at,
      productId: path.productId,
      timeSlotId: body.timeSlotId,
      rates: body.rates,
      freshIds: [],
    }),
  },
  /** 10 (C-7.4). */
  deleteLineItem: {
    command: ({ path }, at) => ({ type: 'DeleteLineItem', ...path, at }),
  },
  /** 11 (C-7.6). */
  updateLineItem: {
    command: ({ path, body }, at) => ({ type: 'UpdateTimeSlotLine', ...path, at, quantity: body.quantity }),
  },
  /** 12 (C-7.7). */
  updateLineItemQuantity: {
    command: ({ path, body }, at) => ({
      type: 'UpdateLineItemQuantity',
      ...path,
      at,
      quantity: body.quantity,
    }),
  },
  /** 13 (C-7.9, C-7.9a). */
  setProviderBasketDeliveryMethod: {
    command: ({ path, body }, at) => ({
      type: 'SetDeliveryMethod',
      basketId: path.basketId,
      at,
      providerBasketId: path.providerBasketId,
      selection: body.deliveryMethod,
    }),
  },
  /** 14 (C-7.12). */
  setCustomerDetails: {
    bodyWhenAbsent: {},
    command: ({ path, body }, at) => ({
      type: 'SetCustomerDetails',
      basketId: path.basketId,
      at,
      customerDetails: body.customerDetails ?? [],
    }),
  },
  /** 15 (C-7.11). */
  addVoucherToBasket: {
    command: ({ path, body }, at) => ({
      type: 'AddVoucher',
      basketId: path.basketId,
      at,
      voucherCode: body.voucherCode,
    }),
  },
  /** 16 (C-7.11). */
  removeVoucherFromBasket: {
    command: ({ path, body }, at) => ({
      type: 'RemoveVoucher',
      basketId: path.basketId,
      at,
      voucherCode: body.voucherCode,
    }),
  },
} satisfies { readonly [K in OperationName]?: CommandBuilder<K> };

export type CommandOperation = keyof typeof basketCommands;
