/** One request as the client sent it. */
export type Sent = { readonly method: string; readonly url: string; readonly headers: Headers };

export type RecordingFetch = {
  readonly fetch: typeof fetch;
  readonly sent: Sent[];
  /** Makes the next requests matching `matches` fail: `'network'` before sending, `'lost'` after. */
  readonly failNext: (matches: (sent: Sent) => boolean, how: 'network' | 'lost', times?: number) => void;
};

/**
 * A fetch that records every request and can fail some: `network` throws as fetch does when there
 * is no connection (nothing reaches the server); `lost` forwards the request, then drops the
 * server's answer and answers 503 instead, as a proxy that timed out would.
 */
export const recordingFetch = (): RecordingFetch => {
  const sent: Sent[] = [];
  const failures: Array<{ matches: (sent: Sent) => boolean; how: 'network' | 'lost'; times: number }> = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const entry: Sent = { method: request.method, url: request.url, headers: request.headers };
    sent.push(entry);
    const failure = failures.find((f) => f.times > 0 && f.matches(entry));
    if (failure !== undefined) failure.times -= 1;
    if (failure?.how === 'network') throw new TypeError('fetch failed');
    const response = await globalThis.fetch(request);
    if (failure?.how !== 'lost') return response;
    await response.arrayBuffer();
    return new Response('upstream timed out', { status: 503, headers: { 'content-type': 'text/plain' } });
  };
  return {
    fetch: fetchImpl,
    sent,
    failNext: (matches, how, times = 1) => {
      failures.push({ matches, how, times });
    },
  };
};
