import type { Basket, LineItem, Money, ProviderBasket } from '@basket/core';

/** `£12.50`: an amount in its currency (C-1.4: integer minor units). */
export const formatMoney = (money: Money): string =>
  new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: money.currencyCode,
    minimumFractionDigits: money.precision,
    maximumFractionDigits: money.precision,
  }).format(money.minorUnits / 10 ** money.precision);

/** What a line is, in words. */
export const describeLine = (line: LineItem): string => {
  const match = line.ticketing?.sportsMatch;
  if (match !== undefined) {
    const seats = line.ticketing?.tickets.map((t) => `${t.section} ${t.row}${t.seat}`).join(', ') ?? '';
    return `${match.hostTeam.name} v ${match.opponentTeam.name} (${seats})`;
  }
  if (line.consumable !== undefined) {
    const crossSold = line.crossSoldFromProductId === undefined ? '' : ' (cross-sold)';
    return `${line.consumable.title}${crossSold}`;
  }
  if (line.timeSlot !== undefined) return `${line.timeSlot.productName}, ${line.timeSlot.tariffName}`;
  if (line.variableProduct !== undefined) return line.variableProduct.variant.name;
  return line.type;
};

const quantityOf = (line: LineItem): number =>
  line.ticketing?.tickets.length ??
  line.consumable?.quantity ??
  line.timeSlot?.quantity ??
  line.variableProduct?.quantity ??
  1;

type Row = readonly [string, string, string];

const deliveryRows = (providerBasket: ProviderBasket): Row[] =>
  providerBasket.deliveryMethodSelections.map((selection) => {
    const method = providerBasket.deliveryMethods.find((m) => m.id === selection.id);
    const title =
      method !== undefined && 'title' in method
        ? method.title
        : 'kioskId' in selection
          ? `${selection.type} at ${selection.kioskId}`
          : selection.type;
    const price = method !== undefined && 'totalPrice' in method ? formatMoney(method.totalPrice) : '';
    return [`    delivery: ${title}`, '', price];
  });

const providerRows = (providerBasket: ProviderBasket): Row[] => [
  [
    `${providerBasket.id.slice(0, providerBasket.id.indexOf('|'))}${
      providerBasket.expires === undefined ? '' : `, held until ${providerBasket.expires.slice(11, 16)} UTC`
    }`,
    '',
    '',
  ],
  ...providerBasket.lineItems.map((line): Row => {
    const price = formatMoney(line.totalPrice);
    const was = line.originalTotalPrice === undefined ? '' : ` (was ${formatMoney(line.originalTotalPrice)})`;
    return [`  ${describeLine(line)}`, String(quantityOf(line)), `${price}${was}`];
  }),
  ...deliveryRows(providerBasket),
];

/** The basket as a table: one block per provider basket, then the vouchers and the totals. */
export const basketTable = (basket: Basket): string => {
  const rows: Row[] = [['Item', 'Qty', 'Price'], ...basket.providerBaskets.flatMap(providerRows)];
  for (const voucher of basket.vouchers) {
    rows.push([
      `voucher ${voucher.code}: ${voucher.name}`,
      '',
      `-${formatMoney(voucher.discountAmount)} each`,
    ]);
  }
  if (basket.totalProviderDiscounts !== undefined) {
    rows.push(['provider discounts', '', `-${formatMoney(basket.totalProviderDiscounts)}`]);
  }
  rows.push(['delivery total', '', formatMoney(basket.deliveryTotalPrice)]);
  rows.push(['TOTAL', '', formatMoney(basket.totalPrice)]);
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => row[i]?.length ?? 0)));
  const format = (row: Row) =>
    `  ${row[0].padEnd(widths[0] ?? 0)}  ${row[1].padStart(widths[1] ?? 0)}  ${row[2].padStart(widths[2] ?? 0)}`;
  const rule = `  ${'-'.repeat((widths[0] ?? 0) + (widths[1] ?? 0) + (widths[2] ?? 0) + 4)}`;
  const [head, ...body] = rows.map(format);
  const footer = body.splice(body.length - 2);
  return [head, rule, ...body, rule, ...footer].join('\n');
};
