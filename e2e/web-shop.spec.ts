import { createHmac } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { gameCall, newGameKey, type GameKey } from './support/game.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';

// The web recharge site: a good made on the goods page; orders made and paid through the signed
// APIs (the site's order, the provider's HMAC-signed notice) are delivered by the (fake) game; one
// the game keeps refusing ends "delivery failed" and staff redeliver it; in Arabic at phone width the
// pages fit and have no serious axe finding.

test.use({ bypassCSP: true });

/** The fake provider's secret (modules/web-shop/adapter.ts; FAKEPAY_SECRET in the server's environment). */
const FAKEPAY_SECRET = process.env.FAKEPAY_SECRET || 'fakepay-demo-secret';

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
const en = {
  shop: localeStrings('webShop', 'en') as Record<string, any>,
  crud: localeStrings('crud', 'en') as Record<string, any>,
};

const drawer = (page: Page) => page.locator('.ant-drawer-section:visible').last();
const rows = (page: Page) => page.locator('.rx-data-table tbody tr.ant-table-row');

/** A new overseas game of the signed-in operator's CP, chosen in the header. */
async function overseasGame(page: Page, code: string): Promise<void> {
  await api(page, 'POST', '/products', { code, name: `Web shop ${code}`, region: 'hw', platforms: ['web'] });
  await chooseGame(page, code);
}

/** One of the signed-in operator's games, by its code, chosen as the header would. */
async function chooseGame(page: Page, code: string): Promise<void> {
  await page.evaluate(async (wanted) => {
    const info = JSON.parse(localStorage.getItem('rx-console:user-info') ?? 'null') as {
      access_token: string;
    };
    const answer = await fetch('/api/v1/acs/cp/products', {
      headers: { Authorization: `Bearer ${info.access_token}` },
    });
    const products = (await answer.json()).data as { id: number; code: string }[];
    localStorage.setItem(
      'rx-console:product-id',
      JSON.stringify(products.find((p) => p.code === wanted)!.id),
    );
  }, code);
  await page.reload();
}

interface Created {
  order_no: string;
  payment_ref: string;
  amount: number;
  currency: string;
}

/** The site's order, then the provider's signed notice that it was paid. */
async function orderAndPay(
  page: Page,
  key: GameKey,
  sku: string,
  id: string,
  roleId = 'r1',
): Promise<string> {
  const created = await gameCall<Created>(page.request, key, 'POST', '/api/game/v1/web-orders', {
    openid: `e2e_${id}`,
    role_id: roleId,
    server: 'na-1',
    sku,
    country: 'US',
    payment_method: 'card',
    idempotency_key: `e2e-${id}`,
  });
  expect(created.code).toBe(0);
  const order = created.data;
  const notice = JSON.stringify({
    notice_id: `n-${id}`,
    order_no: order.order_no,
    payment_ref: order.payment_ref,
    status: 'paid',
    amount: order.amount,
    currency: order.currency,
    paid_at: new Date().toISOString(),
  });
  const signature = createHmac('sha256', FAKEPAY_SECRET).update(notice).digest('hex');
  const paid = await page.request.fetch('/api/pay/v1/notify/fakepay', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-pay-signature': signature },
    data: notice,
  });
  expect(paid.status()).toBe(200);
  // A forged signature is refused.
  const forged = await page.request.fetch('/api/pay/v1/notify/fakepay', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-pay-signature': '0'.repeat(64) },
    data: notice,
  });
  expect(forged.status()).toBe(401);
  return order.order_no;
}

async function stateOf(page: Page, key: GameKey, orderNo: string): Promise<string> {
  const answer = await gameCall<{ state: string }>(
    page.request,
    key,
    'GET',
    `/api/game/v1/web-orders/${orderNo}`,
  );
  return answer.data.state;
}

async function fitsWidth(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

test('a good is created, orders are paid and delivered, a failed one is redelivered; Arabic at phone width', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = Date.now().toString(36);
  // The overseas demo CP's operator (English): the web recharge pages belong to the overseas area.
  await signIn(page, 'ops_hw', 'en');
  await overseasGame(page, `ws${id}`);

  // The goods page: a new good with the default price row (US, USD 4.99).
  const sku = `gems.${id}`;
  await page.goto('/main/newrxlaunch/payment-hw/goods-management');
  await page.getByRole('button', { name: en.crud.action.create }).first().click();
  const form = drawer(page);
  await form.locator('#sku').fill(sku);
  await form.getByLabel('简体中文').fill('钻石');
  await form.getByLabel('English').fill('Gems');
  await form.locator('#currency_code').fill('gem');
  await form.locator('#currency_amount').fill('100');
  await expect(form.getByTestId('price-table')).toBeVisible();
  await form.getByRole('button', { name: en.crud.action.save }).click();
  await expect(form).toBeHidden({ timeout: 20_000 });
  await expect(rows(page).filter({ hasText: sku })).toHaveCount(1);

  // Orders through the signed APIs: one delivered at once; one the game refuses four times
  // (the fake's `fake-fail-4` role: the first attempt and the retry job's three) ends delivery failed.
  const key = await newGameKey(page);
  const delivered = await orderAndPay(page, key, sku, `${id}a`);
  await expect.poll(() => stateOf(page, key, delivered)).toBe('delivered');
  const failing = await orderAndPay(page, key, sku, `${id}b`, 'fake-fail-4');
  await expect.poll(() => stateOf(page, key, failing), { timeout: 30_000 }).toBe('delivery_failed');

  await page.goto('/main/newrxlaunch/payment-hw/order-management');
  await expect(page.getByTestId('web-order-totals')).toBeVisible();
  const deliveredRow = rows(page).filter({ hasText: delivered });
  await expect(deliveredRow.getByTestId('web-order-state')).toHaveAttribute('data-state', 'delivered');
  await page.locator('form[role=search] #order_no').fill(failing);
  await page.locator('form[role=search] button[type=submit]').click();
  await expect(page).toHaveURL(/order_no=/);
  const failedRow = rows(page).filter({ hasText: failing });
  await expect(failedRow).toHaveCount(1);
  await expect(failedRow.getByTestId('web-order-state')).toHaveAttribute('data-state', 'delivery_failed');

  // The detail drawer: four failed attempts; redeliver with the same order number → delivered.
  await failedRow.getByRole('button', { name: failing }).click();
  const detail = page.locator(`[data-testid=web-order-detail][data-order="${failing}"]`);
  await expect(detail.getByTestId('web-order-attempts').locator('tbody tr.ant-table-row')).toHaveCount(4);
  await detail.getByTestId('web-order-redeliver').click();
  await expect(detail.getByTestId('web-order-state')).toHaveAttribute('data-state', 'delivered');
  await expect(detail.getByTestId('web-timeline-redeliver')).toContainText('ops_hw');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  // Arabic, right to left, at phone width: both pages fit and pass axe.
  await switchLanguage(page, 'العربية', 'ar', 'rtl');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/main/newrxlaunch/payment-hw/order-management');
  await expect(page.getByTestId('web-order-totals')).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  await fitsWidth(page);
  expect(await seriousViolations(page)).toEqual([]);
  await rows(page).filter({ hasText: failing }).getByRole('button', { name: failing }).click();
  await expect(page.locator(`[data-testid=web-order-detail][data-order="${failing}"]`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.goto('/main/newrxlaunch/payment-hw/goods-management');
  await expect(rows(page).filter({ hasText: sku })).toHaveCount(1);
  await fitsWidth(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a refunded web order is on the refunds page, and each links to the other (issue 27)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The demo overseas game has a web order refunded from the console (web-shop seed).
  await signIn(page, 'ops_hw', 'en');
  await chooseGame(page, 'dawn');
  await page.goto('/main/useraccount/refund?store=web_shop');
  const refundRow = rows(page)
    .filter({ has: page.getByTestId('refund-web-order') })
    .first();
  await expect(refundRow).toBeVisible();
  await expect(refundRow).toContainText(localeStrings('refunds', 'en').stores.web_shop as string);
  const orderNo = (await refundRow.locator('td a').first().innerText()).trim();
  // From the refund to the web order: the orders page finds it by its number.
  await refundRow.getByTestId('refund-web-order').click();
  await expect(page).toHaveURL(new RegExp(`order_no=${orderNo}`));
  const orderRow = rows(page).filter({ hasText: orderNo });
  await expect(orderRow.getByTestId('web-order-state')).toHaveAttribute('data-state', 'refunded');
  // From the web order back to its refund.
  await orderRow.getByRole('button', { name: orderNo }).click();
  const detail = page.locator(`[data-testid=web-order-detail][data-order="${orderNo}"]`);
  await expect(detail.getByTestId('web-order-refund-row')).toHaveAttribute('data-state', 'matched');
  await detail.getByTestId('web-order-refund-row').click();
  await expect(page.locator(`[data-testid=refund-detail][data-order="${orderNo}"]`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
