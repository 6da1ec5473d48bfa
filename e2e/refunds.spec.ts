import { expect, test, type Page } from '@playwright/test';
import { api } from './support/api.ts';
import { withApprovalPolicies } from './support/approval-policies.ts';
import { seriousViolations } from './support/axe.ts';
import { gameCall, newGameKey, type GameKey } from './support/game.ts';
import { JOURNEY_VARIANTS, sidewaysScroll, signInAs, variantName, variantTag } from './support/journeys.ts';
import { localeStrings } from './support/layout.ts';

// A store refund notice arrives through the signed game API; staff see it matched, claw it back and
// read the ledger on the detail page, and ask to waive another (an approval request); in Chinese and
// Arabic at 1440 px and in Arabic at 390 px, with no serious axe finding.

const APPROVE = 'refund/approve/refund';

test.use({ bypassCSP: true });
// A journey of several pages and a second browser's steps: generous on a busy two-core machine.
test.describe.configure({ timeout: 180_000 });

/** A button's name: antd spaces out a two-character Chinese label ("追 回"). */
const named = (text: string) => new RegExp(`(^|\\s)${[...text].join('\\s*')}\\s*$`);

/** A delivered order of a new player, then its refund notice, through the signed game API. */
async function refundedOrder(page: Page, key: GameKey, sku: string, id: string): Promise<string> {
  const orderNo = `GPA.e2e-${id}`;
  const openid = `e2e_refund_${id}`;
  const at = new Date(Date.now() - 3_600_000).toISOString();
  const paid = await gameCall<{ results: { status: string }[] }>(
    page.request,
    key,
    'POST',
    '/api/game/v1/players/events',
    {
      events: [
        {
          type: 'payment',
          event_id: `pay-${id}`,
          openid,
          at,
          order_no: orderNo,
          store: 'google_play',
          sku,
          amount: 600,
          currency: 'USD',
          status: 'delivered',
        },
      ],
    },
  );
  expect(paid.data.results[0]!.status).toBe('ok');
  const notice = await gameCall<{ results: { status: string; state: string }[] }>(
    page.request,
    key,
    'POST',
    '/api/game/v1/refund-notices',
    {
      notices: [
        {
          notice_id: `n-${id}`,
          order_no: orderNo,
          store: 'google_play',
          reason: 1,
          source: 'user',
          quantity: 1,
          voided_at: new Date().toISOString(),
        },
      ],
    },
  );
  expect(notice.data.results[0]).toMatchObject({ status: 'stored', state: 'matched' });
  return orderNo;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
for (const variant of JOURNEY_VARIANTS) {
  test(`a refund notice is matched, clawed back and a waiver asked for ${variantName(variant)}`, async ({
    page,
  }) => {
    const s = localeStrings('refunds', variant.lang) as Record<string, any>;
    await signInAs(page, 'admin', variant);
    const key = await newGameKey(page);
    const points = await api<{ list: { store_sku: string }[] }>(page, 'GET', '/billing-points?page_size=1');
    const sku = points.list[0]?.store_sku ?? 'sku';
    const id = `${variantTag(variant)}${Date.now().toString(36)}`;
    const clawOrder = await refundedOrder(page, key, sku, `${id}a`);
    const waiveOrder = await refundedOrder(page, key, sku, `${id}b`);

    // The list, filtered by the order number: matched.
    await page.goto('/main/useraccount/refund');
    await page.locator('form[role=search] #order_no').fill(clawOrder);
    await page.locator('form[role=search] button[type=submit]').click();
    await expect(page).toHaveURL(/order_no=/);
    const row = page.locator('.rx-data-table tbody tr.ant-table-row').filter({ hasText: clawOrder });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('refund-state')).toHaveAttribute('data-state', 'matched');
    await expect(page.getByTestId('refund-totals')).toBeVisible();
    await expect.poll(() => sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The detail page: claw back; the ledger shows what was taken, the timeline the attempt.
    await row.getByRole('link', { name: clawOrder }).click();
    await expect(page).toHaveURL(new RegExp(`/useraccount/refund/detail/`));
    const detail = page.locator(`[data-testid=refund-detail][data-order="${clawOrder}"]`);
    await detail.getByRole('button', { name: named(s.actions.clawBack) }).click();
    // Asked once more: a claw-back is not undone.
    await page.locator('.ant-popover:visible .ant-btn-primary').click();
    await expect(detail.getByTestId('refund-state')).toHaveAttribute('data-state', 'clawed_back');
    await expect(detail.getByTestId('refund-owed')).toHaveText('0');
    await expect(detail.getByTestId('timeline-clawback')).toContainText('admin');
    await expect(detail.getByTestId('refund-ledger')).toBeVisible();
    await expect.poll(() => sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Another refund: ask to waive it; it waits for a second person.
    await withApprovalPolicies(page, [{ action: APPROVE }], async () => {
      await page.goto(`/main/useraccount/refund/detail/${encodeURIComponent(waiveOrder)}`);
      const waiving = page.locator(`[data-testid=refund-detail][data-order="${waiveOrder}"]`);
      await waiving.getByRole('button', { name: named(s.actions.waive) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(s.form.reason).fill('goodwill');
      await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
      await expect(page.getByTestId('approval-sent')).toBeVisible();
      await expect(waiving.getByTestId('refund-state')).toContainText(s.waitingApproval);
      await expect(waiving.getByTestId('timeline-waive_asked')).toContainText('goodwill');
      expect(await seriousViolations(page)).toEqual([]);
    });

    // The detail page without an order number asks for one; the list still reads (once, at phone width).
    if (variant.width > 390) return;
    await page.goto('/main/useraccount/refund/detail');
    await expect(page.getByRole('textbox', { name: s.columns.order_no })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/main/useraccount/refund');
    await expect(page.getByTestId('refund-totals')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
