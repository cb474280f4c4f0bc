import { SetCustomerDetailsRequest, SetDeliveryMethodRequest, VoucherRequest } from '@basket/core';
import * as E from 'fp-ts/Either';
import { pipe } from 'fp-ts/function';
import type { BasketApi } from './basket-api';
import type { ApiEnv } from './command-path';
import { decodeBody, decodePath, decodePathAndBody, plainId, providerId } from './decode';
import type { Replay } from './idempotency';
import { type BasketRequest, modifyIdempotently } from './modify';

type DetailOperations = Pick<
  BasketApi,
  | 'assignContact'
  | 'setProviderBasketDeliveryMethod'
  | 'setCustomerDetails'
  | 'addVoucherToBasket'
  | 'removeVoucherFromBasket'
>;

const basketPath = (basketId: string) => decodePath({ basketId: plainId }, { basketId });

/** Endpoints 4 and 13 to 16: contact, delivery, customer details and vouchers (C-2.6, C-7.9 to C-7.12). */
export const detailOperations = (env: ApiEnv, replay: Replay): DetailOperations => ({
  assignContact: (caller, basketId, pre) =>
    modifyIdempotently(
      env,
      replay,
      caller,
      () =>
        pipe(
          basketPath(basketId),
          E.map(
            (path): BasketRequest => ({
              basketId: path.basketId,
              operation: 'assignContact',
              status: 200,
              ownership: 'assign',
              // A guest was refused (403) before the command is built.
              command: (at) => ({
                type: 'AssignContact',
                basketId: path.basketId,
                at,
                contactId: caller.contactId ?? '',
              }),
            }),
          ),
        ),
      pre,
    ),

  setProviderBasketDeliveryMethod: (caller, basketId, providerBasketId, body, pre) =>
    modifyIdempotently(
      env,
      replay,
      caller,
      () =>
        pipe(
          decodePathAndBody(
            decodePath({ basketId: plainId, providerBasketId: providerId }, { basketId, providerBasketId }),
            decodeBody(SetDeliveryMethodRequest, body),
          ),
          E.map(
            ({ path, body: b }): BasketRequest => ({
              basketId: path.basketId,
              operation: 'setProviderBasketDeliveryMethod',
              status: 200,
              command: (at) => ({
                type: 'SetDeliveryMethod',
                basketId: path.basketId,
                at,
                providerBasketId: path.providerBasketId,
                selection: b.deliveryMethod,
              }),
            }),
          ),
        ),
      pre,
    ),

  setCustomerDetails: (caller, basketId, body, pre) =>
    modifyIdempotently(
      env,
      replay,
      caller,
      () =>
        pipe(
          decodePathAndBody(basketPath(basketId), decodeBody(SetCustomerDetailsRequest, body ?? {})),
          E.map(
            ({ path, body: b }): BasketRequest => ({
              basketId: path.basketId,
              operation: 'setCustomerDetails',
              status: 202,
              command: (at) => ({
                type: 'SetCustomerDetails',
                basketId: path.basketId,
                at,
                customerDetails: b.customerDetails ?? [],
              }),
            }),
          ),
        ),
      pre,
    ),

  addVoucherToBasket: (caller, basketId, body, pre) =>
    modifyIdempotently(env, replay, caller, () => voucherRequest(basketId, body, 'addVoucherToBasket'), pre),

  removeVoucherFromBasket: (caller, basketId, body, pre) =>
    modifyIdempotently(
      env,
      replay,
      caller,
      () => voucherRequest(basketId, body, 'removeVoucherFromBasket'),
      pre,
    ),
});

const voucherRequest = (
  basketId: string,
  body: unknown,
  operation: 'addVoucherToBasket' | 'removeVoucherFromBasket',
) =>
  pipe(
    decodePathAndBody(basketPath(basketId), decodeBody(VoucherRequest, body)),
    E.map(
      ({ path, body: b }): BasketRequest => ({
        basketId: path.basketId,
        operation,
        status: 200,
        command: (at) => ({
          type: operation === 'addVoucherToBasket' ? 'AddVoucher' : 'RemoveVoucher',
          basketId: path.basketId,
          at,
          voucherCode: b.voucherCode,
        }),
      }),
    ),
  );
