/** The `x-api-key` of a store: the base64 encoding of its id's UTF-8 bytes (C-2.2). */
export const apiKeyOf = (storeId: string): string => {
  const bytes = new TextEncoder().encode(storeId);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};
