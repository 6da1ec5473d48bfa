import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { gameCall, newGameKey } from './support/game.ts';
import { localeStrings } from './support/layout.ts';
import { ListPage } from './support/list-page.ts';
import { signIn } from './support/sign-in.ts';

// Session records: conversations players held through the game API are searched by what was said,
// sorted, paged and filtered by state in the address; a transcript opens with its private note and
// exports. In Chinese at 1440 px and Arabic at 390 px, with axe.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

test.describe.configure({ timeout: 180_000 });
test.use({ bypassCSP: true });

for (const { lang, html, dir, name, width } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文', width: 1440 },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية', width: 390 },
] as const) {
  test(`search, sort, page and filter session records; read and export one (${lang}, ${width} px)`, async ({
    page,
    request,
  }) => {
    const s: Strings = localeStrings('csRecords', lang);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    const tag = `sr${lang}${Date.now().toString(36)}`;
    const key = await newGameKey(page);
    const ids: number[] = [];
    for (let n = 1; n <= 3; n++) {
      const openid = `${tag}_${n}`;
      const opened = await gameCall<{ id: number }>(request, key, 'POST', '/api/game/v1/cs/conversations', {
        openid,
        nickname: `N${n}`,
      });
      ids.push(opened.data.id);
      await gameCall(request, key, 'POST', `/api/game/v1/cs/conversations/${opened.data.id}/messages`, {
        openid,
        text: `words ${tag} number ${n}`,
      });
    }
    await api(page, 'POST', `/cs/conversations/${ids[0]}/notes`, { text: `private ${tag}` });
    await api(page, 'POST', `/cs/conversations/${ids[0]}/resolve`, {});

    const list = new ListPage(page);
    await page.goto(`/main/service/session-records?q=${tag}&page_size=2`);
    await expect(list.rows).toHaveCount(2);
    await list.clickPage(2);
    await list.expectQuery('page', '2');
    await expect(list.rows).toHaveCount(1);
    // Sorted by id from its header.
    await page.goto(`/main/service/session-records?q=${tag}`);
    await page.locator('.rx-data-table thead th').filter({ hasText: /^ID$/ }).click();
    await list.expectQuery('sort', 'id');
    await expect.poll(() => list.rowKeys()).toEqual(ids.map(String));
    // Filtered by state.
    await page.goto(`/main/service/session-records?q=${tag}&state=resolved`);
    await expect(list.rows).toHaveCount(1);
    await expect.poll(() => list.rowKeys()).toEqual([String(ids[0])]);
    expect(await seriousViolations(page), 'axe on the list').toEqual([]);

    // The transcript, with the private note; its export downloads.
    await page.getByTestId(`cs-record-${ids[0]}`).click();
    const transcript = page.getByTestId('cs-transcript');
    await expect(transcript).toContainText(`words ${tag} number 1`);
    await expect(transcript).toContainText(`private ${tag}`);
    const download = page.waitForEvent('download');
    await page.getByTestId('cs-transcript-csv').click();
    expect((await download).suggestedFilename()).toMatch(new RegExp(`^cs-transcript-${ids[0]}-.*\\.csv$`));
    await expect(page.getByText(s.transcriptOf.replace('{{name}}', 'N1'))).toBeVisible();
    expect(await seriousViolations(page), 'axe on the transcript').toEqual([]);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
