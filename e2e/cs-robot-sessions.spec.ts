import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { gameCall, newGameKey } from './support/game.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { button } from './support/ui.ts';

// Robot session records: a player's question the bot answers from an auto-reply rule is listed as
// bot-only, not among the handed-off ones, and its transcript holds the bot's answer. Chinese at
// 1440 px, Arabic at 390 px, with axe.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

test.describe.configure({ timeout: 180_000 });
test.use({ bypassCSP: true });

for (const { lang, html, dir, name, width } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文', width: 1440 },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية', width: 390 },
] as const) {
  test(`robot sessions: a bot-only answer listed with its transcript (${lang}, ${width} px)`, async ({
    page,
    request,
  }) => {
    const s: Strings = localeStrings('csRobot', lang);
    const crud: Strings = localeStrings('crud', lang);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    const tag = `rb${lang}${Date.now().toString(36)}`;
    await api(page, 'POST', '/auto-replies', {
      name: tag,
      keywords: [{ text: tag, match: 'contains' }],
      replies: [{ type: 'text', text: `bot answer ${tag}` }],
    });
    const key = await newGameKey(page);
    const opened = await gameCall<{ id: number }>(request, key, 'POST', '/api/game/v1/cs/conversations', {
      openid: tag,
    });
    await gameCall(request, key, 'POST', `/api/game/v1/cs/conversations/${opened.data.id}/messages`, {
      openid: tag,
      text: `about ${tag}`,
    });

    await page.goto('/main/service/robot-session-records');
    await expect(page.getByTestId('robot-bot-only').locator('.ant-statistic-content')).not.toHaveText('0');
    const player = page.getByRole('textbox', { name: s.player });
    await player.fill(tag);
    await button(page.locator('.ant-card'), crud.search.search).click();
    const row = page.locator('.rx-data-table tbody tr', { hasText: tag });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(s.kinds.bot_only);
    expect(await seriousViolations(page), 'axe on the list').toEqual([]);

    // Not among the handed-off ones.
    await page.getByRole('combobox', { name: s.outcome }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: s.kinds.handed_off })
      .click();
    await expect(row).toHaveCount(0);
    await page.reload();
    await player.fill(tag);
    await player.press('Enter');
    await expect(row).toHaveCount(1);

    await button(row, s.transcript).click();
    await expect(page.getByTestId('cs-robot-transcript')).toContainText(`bot answer ${tag}`);
    expect(await seriousViolations(page), 'axe on the transcript').toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
