import { expect, test, type Locator } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { gameCall, newGameKey } from './support/game.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import {
  ARABIC_PHONE,
  CHINESE_WIDE,
  button,
  confirmPopover,
  fitsAndPasses,
  openDrawer,
  rowOf,
} from './support/ui.ts';

// The lottery page as staff use it: a lottery without a name refused, then one prize and a
// fallback saved; started (the seed hash shows), a player draws through the game API, the draw
// record shows in its drawer; ended, the seed is revealed. In Chinese at 1440 px and in Arabic at
// 390 px, with no serious axe finding and nothing wider than the screen.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
test.use({ bypassCSP: true });
test.describe.configure({ timeout: 180_000 });

const fill = (scope: Locator, label: string, n: number, value: string) =>
  scope.getByLabel(label.replace('{{n}}', String(n)), { exact: true }).fill(value);

for (const c of [CHINESE_WIDE, ARABIC_PHONE] as const) {
  test(`a lottery: prizes, start, a draw, its record, end (${c.lang}, ${c.width} px)`, async ({
    page,
    request,
  }) => {
    const s = localeStrings('lottery', c.lang) as Record<string, any>;
    const crud = localeStrings('crud', c.lang) as Record<string, any>;
    const tag = `${c.lang}${Date.now().toString(36)}`;
    await page.setViewportSize({ width: c.width, height: c.width > 500 ? 900 : 844 });
    await signIn(page, 'admin', 'zh', '/main/operation/prize-manage');
    if (c.lang !== 'zh') await switchLanguage(page, c.name, c.html, c.dir);

    // Wrong: no name, no prize name. The form says why, nothing is saved.
    await button(page, crud.action.create).first().click();
    const drawer = openDrawer(page);
    await button(drawer, crud.action.save).click();
    await expect(drawer.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await expect(drawer).toBeVisible();
    expect(await seriousViolations(page), 'axe on the refused form').toEqual([]);

    // Right: a prize of 3 in stock, a fallback, the mail's title.
    await drawer.locator('#name').fill(`Lucky ${tag}`);
    await fill(drawer, s.prizeKey, 1, 'gold');
    await fill(drawer, s.prizeName, 1, 'Gold');
    await fill(drawer, s.prizeWeight, 1, '50');
    await fill(drawer, s.prizeStock, 1, '3');
    await drawer.locator('[id="fallback_name"]').fill('Thanks');
    await drawer.locator('[id="fallback_weight"]').fill('50');
    await drawer.locator('#mail_title').fill('Your prize');
    await button(drawer, crud.action.save).click();
    await expect(drawer).toBeHidden({ timeout: 30_000 });
    const row = rowOf(page, `Lucky ${tag}`);
    await expect(row).toContainText(s.statuses.draft);
    await expect(row).toContainText('Gold 0/3');
    await fitsAndPasses(page, c.dir);

    // Started: the seed hash is published.
    await row.getByTestId('lottery-start').click();
    await confirmPopover(page);
    await expect(row).toContainText(s.statuses.live);
    const [lottery] = (
      await api<{ list: { id: number; seed_hash: string }[] }>(page, 'GET', `/lotteries?q=${tag}`)
    ).list;
    await expect(row).toContainText(lottery!.seed_hash.slice(0, 12));

    // A player draws through the game API; the record shows in the lottery's drawer.
    const [player] = (await api<{ list: { openid: string }[] }>(page, 'GET', '/players?page_size=1')).list;
    const key = await newGameKey(page);
    const draw = await gameCall<{ draw_no: number; prize_name: string }>(
      request,
      key,
      'POST',
      `/api/game/v1/lotteries/${lottery!.id}/draw`,
      { openid: player!.openid },
    );
    expect(draw.code).toBe(0);
    await page.reload();
    await row.getByTestId('lottery-draws-open').click();
    const records = page.getByTestId('lottery-draws');
    await expect(records).toContainText(lottery!.seed_hash);
    const record = records.locator('tbody tr.ant-table-row');
    await expect(record).toHaveCount(1);
    await expect(record).toContainText(player!.openid);
    await expect(record).toContainText(draw.data.prize_name);
    await fitsAndPasses(page, c.dir);
    await records.locator('.ant-drawer-close').click();
    await expect(records).toBeHidden();

    // Ended: no more draws, the seed is revealed.
    await row.getByTestId('lottery-end').click();
    await confirmPopover(page);
    await expect(row).toContainText(s.statuses.ended);
    await row.getByTestId('lottery-draws-open').click();
    await expect(page.getByTestId('lottery-draws')).toContainText(s.seed);
    await fitsAndPasses(page, c.dir);
  });
}
