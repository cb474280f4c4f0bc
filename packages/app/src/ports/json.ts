/** A JSON value as stored and sent: what every port persists. */
export type Json = null | boolean | number | string | ReadonlyArray<Json> | { readonly [key: string]: Json };
export type JsonObject = { readonly [key: string]: Json };
