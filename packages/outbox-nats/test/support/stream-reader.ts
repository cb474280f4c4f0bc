import { connect, type JsMsg } from 'nats';

export type ReadMessage = {
  readonly seq: number;
  readonly subject: string;
  readonly msgId: string | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Record<string, unknown>;
};

const decoder = new TextDecoder();

const toRead = (msg: JsMsg): ReadMessage => {
  const headers: Record<string, string> = {};
  for (const [key] of msg.headers ?? []) headers[key] = msg.headers?.get(key) ?? '';
  return {
    seq: msg.seq,
    subject: msg.subject,
    msgId: msg.headers?.get('Nats-Msg-Id'),
    headers,
    body: JSON.parse(decoder.decode(msg.data)) as Record<string, unknown>,
  };
};

/** Every message of `stream`, through an ordered JetStream consumer, in stream order. */
export const readStream = async (url: string, stream: string): Promise<ReadMessage[]> => {
  const nc = await connect({ servers: url, reconnect: false });
  try {
    const jsm = await nc.jetstreamManager();
    const total = (await jsm.streams.info(stream)).state.messages;
    const consumer = await nc.jetstream().consumers.get(stream);
    const read: ReadMessage[] = [];
    const deadline = Date.now() + 20_000;
    while (read.length < total) {
      if (Date.now() > deadline) throw new Error(`read ${read.length} of ${total} messages of ${stream}`);
      const batch = await consumer.fetch({ max_messages: total - read.length, expires: 1_000 });
      for await (const msg of batch) read.push(toRead(msg));
    }
    return read;
  } finally {
    await nc.close();
  }
};

export const deleteStream = async (url: string, stream: string): Promise<void> => {
  const nc = await connect({ servers: url, reconnect: false });
  try {
    await (await nc.jetstreamManager()).streams.delete(stream).catch(() => false);
  } finally {
    await nc.close();
  }
};

export const streamInfo = async (url: string, stream: string) => {
  const nc = await connect({ servers: url, reconnect: false });
  try {
    return await (await nc.jetstreamManager()).streams.info(stream);
  } finally {
    await nc.close();
  }
};
