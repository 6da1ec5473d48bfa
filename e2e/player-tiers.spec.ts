import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { localeStrings } from './support/layout.ts';
import { switchLanguage } from './support/built-pages.ts';
import { signIn } from './support/sign-in.ts';

// The user level query: recompute the tiers, see the distribution as a chart and a table, look a
// player's history up; in Chinese and Arabic (right to left), with axe.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

test.describe.configure({ timeout: 180_000 });
test.use({ bypassCSP: true });

for (const lang of ['zh', 'ar'] as const) {
  test(`recompute the tiers, see the distribution chart and a player's history (${lang})`, async ({
    page,
  }) => {
    const s: Strings = localeStrings('player-tiers', lang);
    await signIn(page, 'admin', 'zh');
    if (lang === 'ar') await switchLanguage(page, 'العربية', 'ar', 'rtl');
    await page.goto('/main/commercialactivity/user-hierarchy-Query');
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');

    const recompute = page.getByTestId('tiers-recompute');
    await recompute.click();
    // The job ends (the page follows it) and the distribution is there.
    await expect
      .poll(
        async () =>
          (await api<{ computed_at: string | null }>(page, 'GET', '/player-tiers/distribution')).computed_at,
        {
          timeout: 90_000,
        },
      )
      .not.toBeNull();
    await expect(recompute).not.toContainText(s.recomputing.replace('…', ''), { timeout: 90_000 });
    await expect(recompute).not.toHaveClass(/ant-btn-loading/, { timeout: 30_000 });
    // The pointer off the button (a hovered button is lighter).
    await page.mouse.move(0, 0);

    // The distribution: four payment tiers in the table, players counted, a drawn chart named for it.
    const table = page.getByTestId('tiers-table').locator('tbody tr.ant-table-row');
    await expect(table).toHaveCount(4);
    await expect(table.first()).toContainText(s.tiers.non_payer);
    const counts = await table.locator('td:nth-child(2)').allInnerTexts();
    expect(counts.map(Number).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    const chart = page.locator('.rx-chart [role=img]').first();
    await expect(chart).toHaveAttribute('aria-label', /.+/);
    await expect(chart.locator('canvas')).toBeVisible();
    expect(await seriousViolations(page), 'axe on the tier page').toEqual([]);

    // The activity tiers, then a player's history by openid.
    await page.locator('.ant-segmented-item').filter({ hasText: s.dimensions.activity }).click();
    await expect(table).toHaveCount(5);
    const player = (
      await api<{ list: { openid: string }[] }>(page, 'GET', '/player-tiers/players?page_size=1')
    ).list[0]!.openid;
    const search = page.getByTestId('tiers-history-search').locator('input');
    await search.fill(player);
    await search.press('Enter');
    await expect(page.getByTestId('tiers-history').locator('tbody tr.ant-table-row').first()).toBeVisible();
    await page.evaluate(() => document.querySelector('main.rx-content')?.scrollTo(0, 0));
    expect(await seriousViolations(page), 'axe with the history').toEqual([]);
  });
}
