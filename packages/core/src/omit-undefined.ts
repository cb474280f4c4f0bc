/** A copy of `value` without the keys whose value is `undefined` (C-1.2: absent, never null). */
export const omitUndefined = <A extends object>(value: A): A => {
  const copy = { ...value };
  for (const key of Object.keys(copy)) {
    if (Reflect.get(copy, key) === undefined) Reflect.deleteProperty(copy, key);
  }
  return copy;
};
