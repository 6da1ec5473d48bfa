import { createHash, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { gameStringToSign } from '../packages/contracts/src/game-api.ts';
import { api } from './support/api.ts';
import { withApprovalPolicies } from './support/approval-policies.ts';
import { seriousViolations } from './support/axe.ts';
import { JOURNEY_VARIANTS, signInAs, variantName, variantTag, viewportOf } from './support/journeys.ts';
import { localeStrings } from './support/layout.ts';

// Exchange codes from draft to a player's reward: the admin creates a batch of 1,000 codes on
// 仙侠奇缘 (a policy asks for approval, with a reason, from 100 codes), ops_gn approves it on the approvals page,
// the generation job fills the batch, the admin exports the codes (stamped), a game redeems one
// through the signed game API and the lookup shows who redeemed it. Walked in Chinese and in
// Arabic at 1440 px and in Arabic at 390 px, with axe-core finding no serious violation.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
const strings = (lang: string) => ({
  codes: localeStrings('code-batches', lang) as Record<string, any>,
  approvals: localeStrings('approvals', lang) as Record<string, any>,
  crud: localeStrings('crud', lang) as Record<string, any>,
  menu: localeStrings('menu', lang) as Record<string, any>,
});
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const APPROVE = 'operation/approve/exchange_code';

/** antd puts a space between two CJK characters of a button. */
function spaced(text: string): RegExp {
  const chars = [...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(^|\\s)${chars.join('\\s*')}\\s*$`);
}
const button = (scope: Page | Locator, text: string) => scope.getByRole('button', { name: spaced(text) });
const drawer = (page: Page) => page.locator('.ant-drawer-section:visible').last();
const rows = (page: Page) => page.locator('.rx-data-table tbody tr.ant-table-row');

async function chooseGame(page: Page, code: string): Promise<number> {
  return page.evaluate(async (wanted) => {
    const info = JSON.parse(localStorage.getItem('rx-console:user-info') ?? 'null') as {
      access_token: string;
    };
    const answer = await fetch('/api/v1/acs/cp/products', {
      headers: { Authorization: `Bearer ${info.access_token}` },
    });
    const products = (await answer.json()).data as { id: number; code: string }[];
    const id = products.find((p) => p.code === wanted)!.id;
    localStorage.setItem('rx-console:product-id', JSON.stringify(id));
    return id;
  }, code);
}

async function fitsWidth(page: Page) {
  // Polled: a toast or a column still settling may stick out for a moment.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

/** A signed game API call, as a game server makes it (contracts/game-api.ts). */
async function redeem(page: Page, key: { key_id: string; secret: string }, payload: object) {
  const path = '/api/game/v1/codes/redeem';
  const body = JSON.stringify(payload);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const signature = createHmac('sha256', key.secret)
    .update(
      gameStringToSign({
        method: 'POST',
        path,
        params: [],
        timestamp,
        nonce,
        bodySha256: createHash('sha256').update(body).digest('hex'),
      }),
    )
    .digest('hex');
  const answer = await page.request.post(path, {
    headers: {
      'content-type': 'application/json',
      'x-key-id': key.key_id,
      'x-timestamp': timestamp,
      'x-nonce': nonce,
      'x-signature': signature,
    },
    data: body,
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()).data as { redeemed: boolean; reason?: string; reward?: unknown[] };
}

test.describe.configure({ timeout: 240_000 });
test.use({ bypassCSP: true });

for (const variant of JOURNEY_VARIANTS) {
  test(`a code batch is created, approved by a second person, generated, exported, redeemed and looked up ${variantName(variant)}`, async ({
    page,
    browser,
  }) => {
    const t = strings(variant.lang);
    const c = t.codes;
    const number = (n: number) =>
      new Intl.NumberFormat(variant.lang === 'zh' ? 'zh-CN' : variant.lang).format(n);
    await signInAs(page, 'admin', variant);
    const xianxia = await chooseGame(page, 'xianxia');
    // The reward as the gift picker shows it: its name in the console's language, or the CP's.
    const gifts = await api<{ list: { name: Record<string, string> }[] }>(
      page,
      'GET',
      `/gift-packages?q=${encodeURIComponent('维护补偿')}`,
    );
    const giftNames = new RegExp(Object.values(gifts.list[0]!.name).filter(Boolean).map(escaped).join('|'));
    const policy = { action: APPROVE, product_id: xianxia, threshold: 100, reason_required: true };
    await withApprovalPolicies(page, [policy], async () => {
      await page.goto('/main/operation/ckdey-config');
      await expect(page.getByRole('heading', { name: t.menu['page.exchangeCodes'] })).toBeVisible();

      // Create: 1,000 unique codes with a prefix, the maintenance gift as reward.
      const name = `e2e codes ${variantTag(variant)} ${Date.now().toString(36)}`;
      await button(page, t.crud.action.create).click();
      const form = drawer(page);
      await form.getByLabel(c.name, { exact: true }).fill(name);
      await form.getByLabel(c.prefix, { exact: true }).fill('E2E');
      await expect(async () => {
        const option = page
          .locator('.ant-select-dropdown:visible .ant-select-item-option')
          .filter({ hasText: giftNames })
          .first();
        if (!(await option.isVisible())) await form.getByLabel(c.gift, { exact: true }).click();
        await option.click({ timeout: 10_000 });
        await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0, { timeout: 3000 });
      }).toPass({ timeout: 40_000 });
      await button(form, t.crud.action.save).click();
      await expect(drawer(page)).toHaveCount(0);
      const row = rows(page).filter({ hasText: name }).first();
      await expect(row).toContainText(c.status.draft);
      const found = await api<{ list: { id: number }[] }>(
        page,
        'GET',
        `/code-batches?q=${encodeURIComponent(name)}`,
      );
      const id = found.list[0]!.id;

      // Submit: above the threshold, it waits for a second person; this policy wants a reason.
      await row.getByTestId(`submit-${id}`).click();
      // Asked once more (the codes go to players), then for the policy's reason.
      await page.locator('.ant-popover:visible .ant-btn-primary').click();
      const ask = page.locator('.ant-modal-container:visible').last();
      await expect(ask).toContainText(c.reasonTitle);
      await ask.locator('#code-batch-reason').fill('开服活动');
      await button(ask, c.actions.submit).click();
      await expect(page.getByTestId('approval-sent')).toBeVisible();
      await expect(row).toContainText(c.status.pending_approval);
      await fitsWidth(page);
      expect(await seriousViolations(page)).toEqual([]);

      // The checker, in a browser of their own, approves on the approvals page.
      const context = await browser.newContext({ viewport: viewportOf(variant), reducedMotion: 'reduce' });
      const checker = await context.newPage();
      await signInAs(checker, 'ops_gn', variant);
      await checker.goto('/main/approvals');
      const request = checker
        .locator('.rx-data-table tbody tr.ant-table-row')
        .filter({ hasText: t.approvals.kinds.code_batches.activate })
        .filter({ hasText: name })
        .first();
      await button(request, t.approvals.details).click();
      const detail = drawer(checker);
      await detail.locator('#approval-comment').fill('数量无误');
      await button(detail, t.approvals.decide.approve).click();
      await expect(checker.getByText(t.approvals.decide.approved)).toBeVisible();
      await context.close();

      // The generation job fills the batch; the page follows the job.
      await page.reload();
      const done = rows(page).filter({ hasText: name }).first();
      await expect(done).toContainText(c.status.active, { timeout: 60_000 });
      await expect(page.getByTestId(`codes-${id}`)).toContainText(`${number(1000)} / ${number(1000)}`, {
        timeout: 90_000,
      });

      // Export: the codes, stamped with who exported them and when.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        done.getByTestId(`export-${id}`).click(),
      ]);
      const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
      const lines = text.trim().split(/\r\n/);
      expect(lines[1]).toBe('# exported_by,admin');
      expect(lines[3]).toBe('code,redeemed');
      expect(lines.slice(4)).toHaveLength(1000);
      const code = lines[4]!.split(',')[0]!;
      expect(code).toMatch(/^E2E[A-HJKMNP-Z2-9]+$/);

      // A game redeems one code through the signed game API: the reward; a second time: refused.
      const key = await api<{ key_id: string; secret: string }>(page, 'POST', '/game-api-keys', {
        note: 'e2e codes',
      });
      const first = await redeem(page, key, {
        openid: `e2e-player-${variantTag(variant)}`,
        role_id: 'r-1',
        code,
      });
      expect(first).toMatchObject({ redeemed: true });
      expect(await redeem(page, key, { openid: 'e2e-other', role_id: 'r-2', code })).toEqual({
        redeemed: false,
        reason: 'used_up',
      });

      // The lookup shows the batch and who redeemed the code.
      await page.getByTestId('code-lookup').locator('input').fill(code);
      await page.getByTestId('code-lookup').locator('input').press('Enter');
      const result = page.getByTestId('code-lookup-result');
      await expect(result).toContainText(name);
      await expect(result).toContainText(`e2e-player-${variantTag(variant)}`);
      await expect(page.getByText(c.lookup.title)).toBeVisible();
      await fitsWidth(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
