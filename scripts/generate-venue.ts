// Writes a catalog (the format of the demo catalog, C-10.2) with one large ticketed event for on-sale
// simulations, plus the demo catalog's food and shop products, so that a buyer's basket is realistic.
//
//   npx tsx scripts/generate-venue.ts --out venue.json                       # 20,000 seats, 15-minute holds
//   npx tsx scripts/generate-venue.ts --seats 2000 --hold-minutes 0.5 --out small.json
//   BASKET_CATALOG=venue.json npx -y pnpm@10.34.8 start
//
// Options: --seats N (20000), --rows N per section (25), --seats-per-row N (40), --hold-minutes M
// (15; a fraction is part of a minute, for abandoned holds that expire quickly), --contacts N (100
// contacts `buyer-<n>` with one saved token that succeeds), --out FILE (standard output if absent).
// Seats fill sections of rows × seats-per-row in order; the last section and row may be shorter.
// The sections' categories are Premium, Standard and Value, in thirds of the sections in order.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type VenueOptions = {
  readonly seats: number;
  readonly rows: number;
  readonly seatsPerRow: number;
  readonly holdMinutes: number;
  readonly contacts: number;
};

export const defaultVenue: VenueOptions = {
  seats: 20_000,
  rows: 25,
  seatsPerRow: 40,
  holdMinutes: 15,
  contacts: 100,
};

const demoCatalogPath = fileURLToPath(
  new URL('../packages/providers-catalog/catalog/demo-catalog.json', import.meta.url),
);

/** A ProviderIdentity of `provider` derived from `name`: the same venue gets the same ids. */
const identity = (provider: string, name: string): string =>
  `${provider}|${createHash('sha256').update(name).digest('hex').slice(0, 24)}`;

/** Row names A…Z, then AA, AB, … */
export const rowName = (index: number): string =>
  index < 26 ? String.fromCharCode(65 + index) : rowName(Math.floor(index / 26) - 1) + rowName(index % 26);

const CATEGORIES = ['Premium', 'Standard', 'Value'] as const;

/** The generated event's ids, for clients of the venue (benchmarks, tests). */
export const venueIds = {
  event: identity('tix:arena', 'onsale-event'),
  adult: identity('tix:arena', 'onsale-rate-adult'),
  child: identity('tix:arena', 'onsale-rate-child'),
  section: (index: number): string => identity('tix:arena', `onsale-section-${index}`),
  pie: 'fnb:arena|46602259e87b5062c3ef0e0f',
  contact: (index: number): string => `buyer-${index}`,
  token: (index: number): string => `tok_buyer_${index}`,
} as const;

type Json = Record<string, unknown>;

const sectionsOf = (options: VenueOptions): Json[] => {
  const perSection = options.rows * options.seatsPerRow;
  const count = Math.ceil(options.seats / perSection);
  return Array.from({ length: count }, (_, s) => {
    const inSection = Math.min(perSection, options.seats - s * perSection);
    const code = `S${String(s + 1).padStart(2, '0')}`;
    const rows = Array.from({ length: Math.ceil(inSection / options.seatsPerRow) }, (_, r) => {
      const inRow = Math.min(options.seatsPerRow, inSection - r * options.seatsPerRow);
      return {
        row: rowName(r),
        seats: Array.from({ length: inRow }, (_, k) => `${code}-${rowName(r)}-${k + 1}`),
      };
    });
    return {
      id: venueIds.section(s),
      name: `Section ${s + 1}`,
      category: CATEGORIES[Math.min(2, Math.floor((s * 3) / count))],
      rows,
    };
  });
};

const check = (options: VenueOptions): void => {
  const whole = (n: number) => Number.isInteger(n) && n >= 1;
  if (
    !whole(options.seats) ||
    !whole(options.rows) ||
    !whole(options.seatsPerRow) ||
    !whole(options.contacts)
  )
    throw new Error('--seats, --rows, --seats-per-row and --contacts are whole numbers of at least 1');
  if (!(Number.isFinite(options.holdMinutes) && options.holdMinutes > 0 && options.holdMinutes <= 10_080))
    throw new Error('--hold-minutes is a number above 0, at most 10080');
};

/** The catalog of a venue: the demo catalog's stores, payment provider, food and shop, and one large event. */
export const generateVenue = (partial: Partial<VenueOptions> = {}): Json => {
  const options = { ...defaultVenue, ...partial };
  check(options);
  const demo = JSON.parse(readFileSync(demoCatalogPath, 'utf8')) as Json & { providers: Json[] };
  const provider = (id: string): Json => {
    const found = demo.providers.find((p) => p.id === id);
    if (!found) throw new Error(`the demo catalog has no provider ${id}`);
    return found;
  };
  const tix = provider('tix:arena');
  const event = {
    id: venueIds.event,
    type: 'Ticketing',
    name: 'Leeds Lions v York Yaks: cup final',
    onSale: true,
    maxPerBasket: 10,
    deliveryMethodIdOptions: ['tix-mobile', 'tix-post'],
    crossSells: ['fnb:arena|763e81f85290d131d3d94f93', 'fnb:arena|46602259e87b5062c3ef0e0f'],
    sportsMatch: {
      matchDate: '2027-05-16T15:00:00.000Z',
      competition: { name: 'Northern Cup', season: '2026/27', competitionType: 'Cup' },
      hostTeam: { id: 'lions', name: 'Leeds Lions', logoImageUrl: 'https://static.example/teams/lions.png' },
      opponentTeam: { id: 'yaks', name: 'York Yaks', logoImageUrl: 'https://static.example/teams/yaks.png' },
    },
    rates: [
      { id: venueIds.adult, tariff: 'Adult', prices: { Premium: 6500, Standard: 4500, Value: 3000 } },
      { id: venueIds.child, tariff: 'Child', prices: { Premium: 3000, Standard: 2000, Value: 1200 } },
    ],
    sections: sectionsOf(options),
    soldSeats: [],
  };
  // Food and shop stock that the buyers of one on-sale cannot exhaust: seats are what runs out.
  const plenty = (products: unknown): Json[] =>
    (products as Json[]).map((product) => ({
      ...product,
      ...(typeof product.stock === 'number' ? { stock: 10_000_000 } : {}),
      ...(Array.isArray(product.variants)
        ? { variants: (product.variants as Json[]).map((v) => ({ ...v, stock: 10_000_000 })) }
        : {}),
    }));
  const fnb = provider('fnb:arena');
  const shop = provider('shop');
  return {
    $comment: `On-sale venue from scripts/generate-venue.ts: ${JSON.stringify(options)}. Format: see the demo catalog.`,
    currency: demo.currency,
    stores: demo.stores,
    paymentProvider: demo.paymentProvider,
    providers: [
      { ...tix, holdMinutes: options.holdMinutes, products: [event] },
      { ...fnb, holdMinutes: options.holdMinutes, products: plenty(fnb.products) },
      { ...shop, holdMinutes: options.holdMinutes, products: plenty(shop.products) },
    ],
    vouchers: (demo.vouchers as Json[]).filter((v) => String(v.productId).startsWith('shop|')),
    contacts: [
      ...(demo.contacts as Json[]),
      ...Array.from({ length: options.contacts }, (_, i) => ({
        id: venueIds.contact(i),
        savedPaymentTokens: [{ id: venueIds.token(i), outcome: 'succeed' }],
      })),
    ],
  };
};

/** Writes the venue's catalog to `path`. */
export const writeVenue = (path: string, options: Partial<VenueOptions> = {}): void =>
  writeFileSync(path, `${JSON.stringify(generateVenue(options), null, 1)}\n`);

const parseArguments = (argv: ReadonlyArray<string>): { options: Partial<VenueOptions>; out?: string } => {
  const names: Record<string, keyof VenueOptions> = {
    '--seats': 'seats',
    '--rows': 'rows',
    '--seats-per-row': 'seatsPerRow',
    '--hold-minutes': 'holdMinutes',
    '--contacts': 'contacts',
  };
  const options: Partial<Record<keyof VenueOptions, number>> = {};
  let out: string | undefined;
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i] ?? '', argv[i + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === '--out') out = value;
    else if (names[flag] !== undefined) options[names[flag]] = Number(value);
    else throw new Error(`unknown option ${flag}`);
  }
  return out === undefined ? { options } : { options, out };
};

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const { options, out } = parseArguments(process.argv.slice(2));
    const text = `${JSON.stringify(generateVenue(options), null, 1)}\n`;
    if (out === undefined) process.stdout.write(text);
    else writeFileSync(out, text);
  } catch (error) {
    process.stderr.write(`generate-venue: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
}
