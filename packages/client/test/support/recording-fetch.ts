type Failure = 'network' | 'lost' | 'cut';

/** One request as the client sent it. */
export type Sent = { readonly method: string; readonly url: string; readonly headers: Headers };

export type RecordingFetch = {
  readonly fetch: typeof fetch;
  readonly sent: Sent[];
  /**
   * Makes the next requests matching `matches` fail: `'network'` before sending, `'lost'` after,
   * `'cut'` in the middle of the answer's body.
   */
  readonly failNext: (matches: (sent: Sent) => boolean, how: Failure, times?: number) => void;
};

/**
 * A fetch that records every request and can fail some: `network` throws as fetch does when there
 * is no connection (nothing reaches the server); `lost` forwards the request, then drops the
 * server's answer and answers 503 instead, as a proxy that timed out would; `cut` forwards it and
 * answers the server's status and headers with half its body, then the connection's end.
 */
export const recordingFetch = (): RecordingFetch => {
  const sent: Sent[] = [];
  const failures: Array<{ matches: (sent: Sent) => boolean; how: Failure; times: number }> = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const entry: Sent = { method: request.method, url: request.url, headers: request.headers };
    sent.push(entry);
    const failure = failures.find((f) => f.times > 0 && f.matches(entry));
    if (failure !== undefined) failure.times -= 1;
    if (failure?.how === 'network') throw new TypeError('fetch failed');
    const response = await globalThis.fetch(request);
    if (failure === undefined) return response;
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (failure.how === 'lost')
      return new Response('upstream timed out', { status: 503, headers: { 'content-type': 'text/plain' } });
    const cut = new ReadableStream<Uint8Array>({
      start: (controller) => {
        controller.enqueue(bytes.slice(0, Math.floor(bytes.length / 2)));
        controller.error(new TypeError('terminated'));
      },
    });
    return new Response(cut, { status: response.status, headers: response.headers });
  };
  return {
    fetch: fetchImpl,
    sent,
    failNext: (matches, how, times = 1) => {
      failures.push({ matches, how, times });
    },
  };
};
