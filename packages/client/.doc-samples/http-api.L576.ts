// docs/http-api.md:576
const base = 'http://127.0.0.1:3000';
const headers = {
  'x-api-key': btoa('arena-web'),
  authorization: `Bearer ${process.env.BASKET_TOKEN ?? ''}`,
  'content-type': 'application/json',
};

const addPie = async (basketId: string): Promise<unknown> => {
  const path = `/baskets/${basketId}/products/${encodeURIComponent('fnb:arena|46602259e87b5062c3ef0e0f')}`;
  const key = crypto.randomUUID(); // reuse it if you send this request again
  const accepted = await fetch(base + path, {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': key },
    body: JSON.stringify({ quantity: 2 }),
  });
  if (!accepted.ok) throw new Error(`${accepted.status}: ${await accepted.text()}`);
  const { notificationId } = (await accepted.json()) as { notificationId: string };
  for (;;) {
    const reply = await fetch(`${base}/notifications/${notificationId}?waitMs=10000`, { headers });
    const notification = (await reply.json()) as { status: string; problem?: { code: string } };
    if (notification.status === 'Failed') throw new Error(notification.problem?.code);
    if (notification.status === 'Succeeded') break;
  }
  return (await fetch(`${base}/baskets/${basketId}`, { headers })).json();
};
export {};
