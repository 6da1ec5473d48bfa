import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { PUBLIC_DEMO_PAY_SECRET, signBody } from '../outside-parties/index.ts';

// Issue 26, item 9: the fake provider's demo secret is public. A demo listening on a network
// address must refuse notices signed with it (and say so at start); only a demo on loopback takes it.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pay-secret-'));
const config = loadConfig({ DEMO: '1', HOST: '0.0.0.0', DATA_DIR: dataDir });
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ fakePaySecret: config.fakePaySecret });
});
afterAll(async () => {
  await t.app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const notice = JSON.stringify({
  notice_id: 'n-public',
  order_no: 'WS20260101AAAAAAAAAAAA',
  payment_ref: 'fp_0000',
  amount: 99,
  currency: 'USD',
  status: 'paid',
  paid_at: new Date().toISOString(),
});
const send = (secret: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/pay/v1/notify/fakepay',
    headers: { 'content-type': 'application/json', 'x-pay-signature': signBody(secret, notice) },
    payload: notice,
  });

describe('the public demo payment secret', () => {
  it('is refused by a demo on a network address, which warns at start', async () => {
    expect(config.warnings.join(' ')).toMatch(/DEMO DATA ON A NETWORK ADDRESS/);
    expect(config.fakePaySecret).not.toBe(PUBLIC_DEMO_PAY_SECRET);
    const forged = await send(PUBLIC_DEMO_PAY_SECRET);
    expect(forged.statusCode).toBe(401);
    // The server's own secret passes the signature check (the order is then looked up: unknown here).
    expect((await send(config.fakePaySecret)).statusCode).toBe(404);
  });

  it('is taken only by a demo on loopback, and never outside a demo', () => {
    const local = loadConfig({ DEMO: '1', HOST: '127.0.0.1', DATA_DIR: dataDir });
    expect(local).toMatchObject({ fakePaySecret: PUBLIC_DEMO_PAY_SECRET, warnings: [] });
    const real = loadConfig({
      DEMO: '0',
      HOST: '127.0.0.1',
      FAKEPAY_SECRET: PUBLIC_DEMO_PAY_SECRET,
      DATA_DIR: dataDir,
    });
    expect(real.fakePaySecret).not.toBe(PUBLIC_DEMO_PAY_SECRET);
    expect(real.warnings.join(' ')).toMatch(/FAKEPAY_SECRET is the public demo secret/);
    expect(loadConfig({ DEMO: '0', FAKEPAY_SECRET: 'our-own', DATA_DIR: dataDir }).fakePaySecret).toBe(
      'our-own',
    );
  });
});
