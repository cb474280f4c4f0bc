import type { CustomerDetailFieldType } from '../values/customer-details';
import { CustomerDetailFieldTypes, CustomerDetailFieldValue } from '../values/customer-details';

/** A stored customer detail always has a value: sending a field without one clears it (C-7.12). */
export const StoredCustomerDetailValue = CustomerDetailFieldValue;
export type StoredCustomerDetailValue = CustomerDetailFieldValue;

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/** The stored values after applying `changes` in order: a value replaces, no value clears. */
export const mergeCustomerDetails = (
  stored: ReadonlyArray<StoredCustomerDetailValue>,
  changes: ReadonlyArray<CustomerDetailFieldValue>,
): ReadonlyArray<StoredCustomerDetailValue> => {
  const byType = new Map<CustomerDetailFieldType, StoredCustomerDetailValue>(stored.map((d) => [d.type, d]));
  for (const change of changes) {
    if (change.value === undefined) byType.delete(change.type);
    else byType.set(change.type, change);
  }
  return CustomerDetailFieldTypes.flatMap((type) => {
    const d = byType.get(type);
    return d ? [d] : [];
  });
};

/** True when applying `changes` would store exactly what is stored now (C-4.1's 204). */
export const customerDetailsUnchanged = (
  stored: ReadonlyArray<StoredCustomerDetailValue>,
  changes: ReadonlyArray<CustomerDetailFieldValue>,
): boolean => canonical(mergeCustomerDetails(stored, changes)) === canonical(stored);

/** Required fields of the given providers, each once, in the enum's order (C-7.12). */
export const requiredFields = (
  required: ReadonlyArray<ReadonlyArray<CustomerDetailFieldType>>,
): ReadonlyArray<CustomerDetailFieldType> => {
  const wanted = new Set(required.flat());
  return CustomerDetailFieldTypes.filter((type) => wanted.has(type));
};
