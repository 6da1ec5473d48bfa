import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { gameCall, newGameKey } from './support/game.ts';
import { lifecycleStrings, localeStrings } from './support/layout.ts';
import { ListPage } from './support/list-page.ts';
import { signIn } from './support/sign-in.ts';
import { button, openDrawer } from './support/ui.ts';

// Customer service's two pages of the player's panel. Temporary notice: an empty notice is
// refused on its fields, a written one is published from its row and the game reads it through
// the signed game API, then recalled and gone. Panel settings: a language with a greeting, a quick
// question and a help link; a link that is not a web address is refused, the right one saved and
// served to the game. The panel is the game's, so the languages run one after the other. Chinese
// at 1440 px, Arabic at 390 px, with axe.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;
type Panel = {
  lang: string;
  greeting: string;
  quick_questions: string[];
  notices: { id: number; text: string }[];
};

test.describe.configure({ timeout: 180_000, mode: 'serial' });
test.use({ bypassCSP: true });

for (const { lang, html, dir, name, width } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文', width: 1440 },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية', width: 390 },
] as const) {
  test(`temporary notice and panel settings, served to the game (${lang}, ${width} px)`, async ({
    page,
    request,
  }) => {
    const s: Strings = lifecycleStrings('csPanel', lang);
    const crud: Strings = localeStrings('crud', lang);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    const tag = `${lang}${Date.now().toString(36)}`;
    const key = await newGameKey(page);
    const panel = async () => {
      const res = await gameCall<Panel>(request, key, 'GET', '/api/game/v1/cs/panel?lang=zh');
      expect(res.status).toBe(200);
      return res.data;
    };

    // ---- Temporary notice ----
    await page.goto('/main/service/temporary-notice');
    await button(page, crud.action.create).click();
    const drawer = openDrawer(page);
    // Nothing written, no end: refused on the fields, nothing saved.
    await button(drawer, crud.action.save).click();
    await expect(drawer.locator('.ant-form-item-explain-error').first()).toBeVisible();
    expect(await seriousViolations(page), 'axe on the refused notice').toEqual([]);
    await drawer.locator('.ant-drawer-close').click();

    const text = `今晚 22:00 停服维护 ${tag}`;
    await api(page, 'POST', '/cs-notices', {
      text: { zh: text },
      end_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await page.goto(`/main/service/temporary-notice?q=${encodeURIComponent(tag)}`);
    const row = new ListPage(page).rows.filter({ hasText: tag });
    await expect(row).toHaveCount(1, { timeout: 30_000 });
    await expect(row.getByTestId('cs-notice-status')).toHaveText(s.states.draft);
    await expect(page.locator('.rx-data-table thead')).toContainText(s.status);
    await row.getByTestId('cs-notice-publish').click();
    await page.locator('.ant-popover:visible .ant-btn-primary').click();
    await expect(row.getByTestId('cs-notice-status')).toHaveText(s.states.live);
    expect(await seriousViolations(page), 'axe on the notices').toEqual([]);
    expect((await panel()).notices.map((n) => n.text)).toContain(text);

    await row.getByTestId('cs-notice-recall').click();
    await page.locator('.ant-popover:visible .ant-btn-primary').click();
    await expect(row.getByTestId('cs-notice-status')).toHaveText(s.states.draft);
    expect((await panel()).notices.map((n) => n.text)).not.toContain(text);

    // ---- Panel settings ----
    const before = await api<{ version: number; languages: unknown[] }>(page, 'GET', '/cs/panel');
    if (before.languages.length)
      await api(page, 'PUT', '/cs/panel', { languages: [], version: before.version });
    await page.goto('/main/service/panel-settings');
    const form = page.getByTestId('cs-panel-form');
    await expect(form).toContainText(s.panel.empty);
    await button(form, s.panel.addLanguage).click();
    const card = form.getByTestId('cs-panel-lang-zh');
    await card.getByLabel(s.panel.greeting, { exact: true }).fill(`您好 ${tag}`);
    await button(card, s.panel.addQuestion).click();
    await card
      .getByLabel(s.panel.questionN.replace('{{n}}', '1').replace('{{lang}}', '简体中文'))
      .fill('怎么充值？');
    await button(card, s.panel.addLink).click();
    await card.getByLabel(s.panel.linkTitleN.replace('{{n}}', '1')).fill('帮助中心');
    const url = card.getByLabel(s.panel.linkUrlN.replace('{{n}}', '1'));
    // Wrong: not a web address. Refused on its field, nothing saved.
    await url.fill('javascript:alert(1)');
    await button(form, crud.action.save).click();
    await expect(form.locator('.ant-form-item-explain-error').first()).toBeVisible();
    expect(await seriousViolations(page), 'axe on the refused panel').toEqual([]);
    expect((await panel()).greeting).not.toBe(`您好 ${tag}`);

    await url.fill('https://help.example.com/');
    await button(form, crud.action.save).click();
    await expect(page.locator('.ant-message')).toContainText(crud.action.saved);
    await page.reload();
    await expect(form.getByTestId('cs-panel-lang-zh').locator('textarea').first()).toHaveValue(`您好 ${tag}`);
    const served = await panel();
    expect(served).toMatchObject({ lang: 'zh', greeting: `您好 ${tag}`, quick_questions: ['怎么充值？'] });
    expect(await seriousViolations(page), 'axe on the saved panel').toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
