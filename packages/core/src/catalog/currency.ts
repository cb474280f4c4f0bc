import type { Currency } from '../primitives/money';
import type { FieldError } from '../primitives/problem-code';

/** ISO 4217 codes that the runtime knows (its ICU data). */
const knownCodes: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

/** The currency's minor units by ISO 4217, as the runtime's ICU data gives them (GBP 2, JPY 0, BHD 3). */
const minorUnitsOf = (code: string): number | undefined =>
  new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits;

/**
 * The catalog's currency must be an ISO 4217 currency, with its minor units as `precision`: every
 * amount of the catalog is in minor units (C-10.2), so a precision other than the currency's
 * would show every price 10 or 100 times too high or too low.
 */
export const currencyErrors = (currency: Currency): FieldError[] => {
  if (!knownCodes.has(currency.code))
    return [{ path: 'currency.code', message: `'${currency.code}' is not an ISO 4217 currency code` }];
  const minorUnits = minorUnitsOf(currency.code);
  return minorUnits === undefined || minorUnits === currency.precision
    ? []
    : [
        {
          path: 'currency.precision',
          message: `${currency.code} has ${minorUnits} minor units (ISO 4217), not ${currency.precision}`,
        },
      ];
};
