// docs/getting-started.md:132
import { apiKeyOf, BasketProblemError, createBasketClient } from '@basket/client';

const client = createBasketClient({
  baseUrl: 'http://127.0.0.1:3000',
  apiKey: apiKeyOf('arena-web'),
  token: process.env.BASKET_TOKEN ?? '', // or a function that answers a fresh token
});

const created = await client.createBasket();
const basket = client.basket(created.id);

// A modifying call answers its acceptance; settled() waits for its notification.
const accepted = await basket.addProduct('fnb:arena|46602259e87b5062c3ef0e0f', { quantity: 2 });
console.log(accepted.notificationId);
const done = await client.settle(accepted.notificationId); // the Succeeded notification

// Or in one go:
await basket.addProduct('shop|b4fc97c45b14a06fbcbdf88d', { quantity: 1, productVariantId: 'home-shirt-m' }).settled();

try {
  await basket.addProduct('fnb:arena|1094aaa1bc9ef308ab51b591', { quantity: 1 }).settled();
} catch (error) {
  if (error instanceof BasketProblemError) {
    // A Failed notification: code 'product-unavailable', status 422, error.notification set.
    console.log(error.code, error.status, error.problem.detail);
  } else throw error;
}

const current = await basket.get();
console.log(current.totalPrice, basket.etag(), done.status);
export {};
