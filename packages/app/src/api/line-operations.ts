import {
  AddProductToBasketRequest,
  SelectSeatsRequest,
  SelectTimeSlotRequest,
  UpdateLineItemQuantityRequest,
  UpdateLineItemRequest,
} from '@basket/core';
import * as E from 'fp-ts/Either';
import { pipe } from 'fp-ts/function';
import type { BasketApi } from './basket-api';
import type { ApiEnv } from './command-path';
import { decodeBody, decodePath, decodePathAndBody, plainId, providerId } from './decode';
import type { Replay } from './idempotency';
import { type BasketRequest, modifyIdempotently } from './modify';

type LineOperations = Pick<
  BasketApi,
  | 'addProduct'
  | 'selectSeats'
  | 'selectTimeSlot'
  | 'deleteLineItem'
  | 'updateLineItem'
  | 'updateLineItemQuantity'
>;

const productPath = (basketId: string, productId: string) =>
  decodePath({ basketId: plainId, productId: providerId }, { basketId, productId });

const linePath = (basketId: string, providerBasketId: string, lineItemId: string) =>
  decodePath(
    { basketId: plainId, providerBasketId: providerId, lineItemId: providerId },
    { basketId, providerBasketId, lineItemId },
  );

/** Endpoints 7 to 12: the lines of a basket (C-7.3 to C-7.7). */
export const lineOperations = (env: ApiEnv, replay: Replay): LineOperations => ({
  addProduct: (caller, basketId, productId, body, pre) =>
    modifyIdempotently(
      env,
      replay,
      caller,
      () =>
        pipe(
          decodePathAndBody(productPath(basketId, productId), decodeBody(AddProductToBasketRequest, body)),
          E.map(
            ({ path, body: b }): BasketRequest => ({
              basketId: path.basketId,
              operation: 'addProductToBasket',
              status: 200,
              command: (at) => ({
                type: 'AddProduct',
                basketId: path.basketId,
                at,
                productId: path.productId,
                quantity: b.quantity,
                freshIds: [],
                crossSoldFromProductId: b.crossSoldFromProductId,
                crossSoldFromLineItemId: b.crossSoldFromLineItemId,
                productGroupId: b.productGroupId,
                kioskId: b.kioskId,
                timestreamId: b.timestreamId,
                productVariantId: b.productVariantId,
                currency: b.currency,
              }),
            }),
          ),
        ),
      pre,
    ),

  selectSeats: (caller, basketId, productId, body, pre) =>
    modifyIdempotently(
      env,
      replay,
      caller,
      () =>
        pipe(
          decodePathAndBody(productPath(basketId, productId), decodeBody(SelectSeatsRequest, body)),
          E.map(
            ({ path, body: b }): BasketRequest => ({
              basketId: path.basketId,
              operation: 'selectSeats',
              status: 200,
              command: (at) => ({
                type: 'SelectSeats',
                basketId: path.basketId,
                at,
                productId: path.productId,
                freshIds: [],
                rates: b.rates,
                seats: b.seats,
              }),
            }),
          ),
        ),
      pre,
    ),

  selectTimeSlot: (caller, basketId, productId, body, pre) =>
    modifyIdempotently(
      env,
      replay,
      caller,
      () =>
        pipe(
          decodePathAndBody(productPath(basketId, productId), decodeBody(SelectTimeSlotRequest, body)),
          E.map(
            ({ path, body: b }): BasketRequest => ({
              basketId: path.basketId,
              operation: 'selectTimeSlot',
              status: 200,
              command: (at) => ({
                type: 'SelectTimeSlot',
                basketId: path.basketId,
                at,
                productId: path.productId,
                timeSlotId: b.timeSlotId,
                rates: b.rates,
                freshIds: [],
              }),
            }),
          ),
        ),
      pre,
    ),

  deleteLineItem: (caller, basketId, providerBasketId, lineItemId, pre) =>
    modifyIdempotently(
      env,
      replay,
      caller,
      () =>
        pipe(
          linePath(basketId, providerBasketId, lineItemId),
          E.map(
            (path): BasketRequest => ({
              basketId: path.basketId,
              operation: 'deleteLineItem',
              status: 200,
              command: (at) => ({ type: 'DeleteLineItem', ...path, at }),
            }),
          ),
        ),
      pre,
    ),

  updateLineItem: (caller, basketId, providerBasketId, lineItemId, body, pre) =>
    modifyIdempotently(
      env,
      replay,
      caller,
      () =>
        pipe(
          decodePathAndBody(
            linePath(basketId, providerBasketId, lineItemId),
            decodeBody(UpdateLineItemRequest, body),
          ),
          E.map(
            ({ path, body: b }): BasketRequest => ({
              basketId: path.basketId,
              operation: 'updateLineItem',
              status: 200,
              command: (at) => ({ type: 'UpdateTimeSlotLine', ...path, at, quantity: b.quantity }),
            }),
          ),
        ),
      pre,
    ),

  updateLineItemQuantity: (caller, basketId, providerBasketId, lineItemId, body, pre) =>
    modifyIdempotently(
      env,
      replay,
      caller,
      () =>
        pipe(
          decodePathAndBody(
            linePath(basketId, providerBasketId, lineItemId),
            decodeBody(UpdateLineItemQuantityRequest, body),
          ),
          E.map(
            ({ path, body: b }): BasketRequest => ({
              basketId: path.basketId,
              operation: 'updateLineItemQuantity',
              status: 200,
              command: (at) => ({ type: 'UpdateLineItemQuantity', ...path, at, quantity: b.quantity }),
            }),
          ),
        ),
      pre,
    ),
});
