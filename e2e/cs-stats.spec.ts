import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { gameCall, newGameKey } from './support/game.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { button, typeInPicker } from './support/ui.ts';

// Data statistics: a player's conversation handed off, answered and resolved counts in the totals;
// a window ending before it starts is refused on its field; grouped by agent, the agent who
// answered has a row; the charts are drawn. Chinese at 1440 px, Arabic at 390 px, with axe.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

test.describe.configure({ timeout: 180_000 });
test.use({ bypassCSP: true });

for (const { lang, html, dir, name, width } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文', width: 1440 },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية', width: 390 },
] as const) {
  test(`data statistics by day and agent, a backwards window refused (${lang}, ${width} px)`, async ({
    page,
    request,
  }) => {
    const s: Strings = localeStrings('csStats', lang);
    const crud: Strings = localeStrings('crud', lang);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);

    // A conversation: opened by the player, handed off, answered and resolved by admin.
    const key = await newGameKey(page);
    const openid = `st${lang}${Date.now().toString(36)}`;
    const opened = await gameCall<{ id: number }>(request, key, 'POST', '/api/game/v1/cs/conversations', {
      openid,
    });
    expect(opened.code).toBe(0);
    const id = opened.data.id;
    await gameCall(request, key, 'POST', `/api/game/v1/cs/conversations/${id}/messages`, {
      openid,
      text: '转人工',
    });
    await api(page, 'POST', `/cs/conversations/${id}/messages`, { text: 'hello' });
    await api(page, 'POST', `/cs/conversations/${id}/resolve`, {});

    await page.goto('/main/service/data-statistics');
    const conversations = page.getByTestId('total-conversations');
    await expect(conversations.locator('.ant-statistic-content')).not.toHaveText('0');
    await expect(page.getByTestId('total-handedOff').locator('.ant-statistic-content')).not.toHaveText('0');
    await expect(page.locator('figure.rx-chart').first()).toBeVisible();
    expect(await seriousViolations(page), 'axe on the statistics').toEqual([]);

    // Backwards: refused on the field, the numbers stay.
    const form = page.getByTestId('cs-stats-form');
    await typeInPicker(form.getByLabel(s.from, { exact: true }), '2026-02-10');
    await typeInPicker(form.getByLabel(s.to, { exact: true }), '2026-02-01');
    await button(form, crud.search.search).click();
    await expect(form.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await expect(conversations.locator('.ant-statistic-content')).not.toHaveText('0');
    expect(await seriousViolations(page), 'axe on the refused window').toEqual([]);

    // By agent: admin answered, so admin has a row.
    await page.reload();
    await form.getByText(s.by.agent, { exact: true }).click();
    await expect(page.locator('.rx-data-table tbody tr', { hasText: 'admin' })).toHaveCount(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
