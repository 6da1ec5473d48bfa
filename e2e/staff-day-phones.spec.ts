import { expect, test, type Locator, type Page } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { openPage, switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { spaced } from './support/ui.ts';

// Issue 27, defect 7: at 390 px a list showed only the checkbox, the ID and the pinned buttons
// ("撤回" beside a bare ID); at 1440 px a sanction's lift button and a code batch's status were
// off screen. Walked in Chinese and in Arabic (right to left).

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
test.use({ bypassCSP: true });
test.describe.configure({ timeout: 180_000 });

const LANGS = [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文' },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية' },
] as const;

async function signInAs(page: Page, width: number, variant: (typeof LANGS)[number]) {
  await page.setViewportSize({ width, height: 900 });
  await signIn(page, 'admin', 'zh');
  if (variant.lang !== 'zh') await switchLanguage(page, variant.name, variant.html, variant.dir);
}

/** Whether the element lies wholly inside the window, side to side. */
const onScreen = (locator: Locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.left >= 0 && box.right <= window.innerWidth;
  });

const pinned = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).position === 'sticky');

/** The visible list's first row (lists opened before stay alive, hidden, in their tabs). */
const firstRow = (page: Page) =>
  page.locator('.rx-data-table tbody tr.ant-table-row').filter({ visible: true }).first();

for (const variant of LANGS) {
  test(`7. at 390 px a list shows what its rows are, the buttons scroll with them (${variant.lang})`, async ({
    page,
  }) => {
    await signInAs(page, 390, variant);
    await openPage(page, '/projectbase/projectbase-fe/game-prop-config?sort=code');
    const row = firstRow(page);
    await expect(row).toBeVisible({ timeout: 30_000 });
    // The prop's code (the column after the icon) is on screen beside the checkbox: not only an ID.
    const cells = row.locator('td');
    await expect.poll(() => onScreen(cells.nth(2))).toBe(true);
    const actions = row.locator('td.rx-actions-cell');
    expect(await pinned(actions)).toBe(false);
    expect(await pinned(cells.nth(1))).toBe(false);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`7. at 1440 px a sanction's lift button and a code batch's status are on screen (${variant.lang})`, async ({
    page,
  }) => {
    await signInAs(page, 1440, variant);
    const sanctions = localeStrings('sanctions', variant.lang) as Record<string, any>;
    const codes = localeStrings('code-batches', variant.lang) as Record<string, any>;
    // A player under a ban: the sanctions card's lift button is in view, the row pinned at the end.
    const found = await api<{ list: { openid: string }[] }>(
      page,
      'GET',
      `/players?page=${variant.lang === 'zh' ? 21 : 22}&page_size=1&sort=created_at`,
    );
    const openid = found.list[0]!.openid;
    const ban = await api<{ id: number }>(page, 'POST', `/players/${openid}/sanctions`, {
      kind: 'account',
      duration_minutes: 60,
      reason: `e2e phones ${Date.now().toString(36)}`,
    });
    try {
      await openPage(page, `/useraccount/userManage/userOption/${openid}`);
      const lift = page.getByRole('button', { name: spaced(sanctions.actions.lift) });
      await expect(lift.first()).toBeVisible({ timeout: 60_000 });
      await expect.poll(() => onScreen(lift.first())).toBe(true);
    } finally {
      await api(page, 'POST', `/players/${openid}/sanctions/${ban.id}/lift`, { reason: 'e2e done' });
    }

    // A code batch: its status sits beside its name, in view.
    const gifts = await api<{ list: { id: number; usable_in: string[]; status: string }[] }>(
      page,
      'GET',
      '/gift-packages?page_size=100',
    );
    const gift = gifts.list.find((g) => g.usable_in.includes('codes') && g.status === 'active')!;
    const name = `e2e-phones-${variant.lang}-${Date.now().toString(36)}`;
    await api(page, 'POST', '/code-batches', {
      name,
      gift_package_id: gift.id,
      quantity: 5,
      start_at: new Date().toISOString(),
      end_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await openPage(page, `/operation/ckdey-config?q=${name}`);
    const row = firstRow(page);
    await expect(row).toContainText(name, { timeout: 30_000 });
    const status = row.locator('.ant-tag').filter({ hasText: codes.status.draft });
    await expect(status).toBeVisible();
    await expect.poll(() => onScreen(status)).toBe(true);
    await expect.poll(() => onScreen(row.locator('td.rx-actions-cell'))).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
