/** Only what is safe to log of an error: never its message's values nor its stack (C-2.8). */
export const errorSummary = (error: unknown): Record<string, unknown> => ({
  name: error instanceof Error ? error.name : typeof error,
  code: error !== null && typeof error === 'object' ? Reflect.get(error, 'code') : undefined,
});
