// The `basket` bin as npm installs it (node_modules/.bin/basket): help, the OpenAPI document, a
// development token, and `basket serve` answering over HTTP (and GET /metrics on its metrics port)
// until a SIGTERM stops it cleanly.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { test } from 'node:test';

const basket = 'node_modules/.bin/basket';
const env = {
  ...process.env,
  BASKET_DATABASE_URL: 'memory:',
  PORT: '0',
  BASKET_JWT_SECRET: 'server-bin-example-secret-0123456789',
};

test('basket --help lists the commands', () => {
  const help = execFileSync(basket, ['--help'], { encoding: 'utf8' });
  for (const command of ['serve', 'token', 'events', 'openapi'])
    assert.match(help, new RegExp(`^  ${command}`, 'm'));
});

test('basket openapi prints the OpenAPI 3.1 document', () => {
  const document = JSON.parse(execFileSync(basket, ['openapi'], { encoding: 'utf8' }));
  assert.match(document.openapi, /^3\.1\./);
  assert.ok(document.paths['/baskets']);
});

test('basket serve answers requests and stops on SIGTERM with exit code 0', async () => {
  const token = execFileSync(basket, ['token', '--contact', 'contact-alice'], { encoding: 'utf8', env });
  const jwt = /BASKET_TOKEN='([^']+)'/.exec(token)?.[1];
  const apiKey = /BASKET_API_KEY='([^']+)'/.exec(token)?.[1];
  assert.ok(jwt && apiKey, token);

  const server = spawn(basket, ['serve'], {
    env: { ...env, BASKET_METRICS_PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
  const ports = await new Promise((resolve, reject) => {
    const found = {};
    server.once('exit', (code) => reject(new Error(`basket serve exited with ${code}`)));
    createInterface({ input: server.stdout }).on('line', (line) => {
      const log = JSON.parse(line);
      if (log.msg === 'listening') found.api = log.port;
      if (log.msg === 'metrics listening') found.metrics = log.port;
      if (found.api !== undefined && found.metrics !== undefined) resolve(found);
    });
  });
  const port = ports.api;
  try {
    const base = `http://127.0.0.1:${port}`;
    assert.deepEqual(await (await fetch(`${base}/healthz`)).json(), { status: 'ok' });
    const created = await fetch(`${base}/baskets`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, authorization: `Bearer ${jwt}` },
    });
    assert.equal(created.status, 200);
    assert.match((await created.json()).id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    // A request answered after the POST: its measurement (taken once the response is sent) is in.
    assert.equal((await fetch(`${base}/readyz`)).status, 200);
    const metrics = await (await fetch(`http://127.0.0.1:${ports.metrics}/metrics`)).text();
    assert.match(
      metrics,
      /^basket_http_request_duration_seconds_count\{route="\/baskets",method="POST",status="200"\} 1$/m,
    );
    assert.match(metrics, /^process_cpu_user_seconds_total /m);
  } finally {
    server.kill('SIGTERM');
  }
  assert.equal(await exited, 0);
});
