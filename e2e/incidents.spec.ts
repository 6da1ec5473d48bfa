import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { ListPage } from './support/list-page.ts';
import { signIn } from './support/sign-in.ts';
import { button, openDrawer } from './support/ui.ts';

// Incidents (a page going offline): staff report an incident (a wrong form is refused), follow it
// through its timeline to resolved (the state never goes back), and find it by state; in Chinese and
// Arabic, at 1440 and 390 px, with axe.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

test.describe.configure({ timeout: 180_000 });
test.use({ bypassCSP: true });

for (const { lang, html, dir, name } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文' },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية' },
] as const) {
  test(`report an incident, move it to resolved through its timeline, find it (${lang})`, async ({
    page,
  }) => {
    const s: Strings = localeStrings('incidents', lang);
    const crud: Strings = localeStrings('crud', lang);
    const menu: Strings = localeStrings('menu', lang);
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    const title = `e2e-incident-${lang}-${Date.now().toString(36)}`;

    await page.goto('/main/offline/accidents');
    await expect(page.getByTestId('going-offline')).toHaveText(menu['tip.goingOffline']);
    await button(page, crud.action.create).click();
    const drawer = openDrawer(page);
    // Wrong: no title, no game. Nothing is saved.
    await button(drawer, crud.action.save).click();
    await expect(drawer.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await expect(drawer).toBeVisible();
    expect(await seriousViolations(page), 'axe on the refused form').toEqual([]);

    await drawer.locator('#incident-title').fill(title);
    await drawer.locator('#incident-games').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await page.keyboard.press('Escape');
    await drawer.locator('#incident-summary').fill('Login times out');
    await button(drawer, crud.action.save).click();
    await expect(drawer).toBeHidden();

    const list = new ListPage(page);
    await page.goto(`/main/offline/accidents?q=${title}`);
    await expect(list.rows).toHaveCount(1);
    await expect(list.rows.first()).toContainText(s.states.investigating);
    await expect(list.rows.first()).toContainText(s.severities.sev2);
    expect(await seriousViolations(page), 'axe on the list').toEqual([]);

    // The timeline: one update to identified, then resolved; the list follows.
    await button(list.rows.first(), s.timeline).click();
    const timeline = openDrawer(page);
    await expect(timeline.getByTestId('incident-timeline')).toContainText('Login times out');
    await timeline.locator('#incident-update-status').click();
    await page.locator(`.ant-select-dropdown:visible [title="${s.states.identified}"]`).click();
    await timeline.locator('#incident-update-message').fill('A certificate expired');
    await button(timeline, s.postUpdate).click();
    await expect(timeline.getByTestId('incident-state')).toHaveText(s.states.identified);
    await expect(timeline.getByTestId('incident-timeline')).toContainText('A certificate expired');
    await timeline.locator('#incident-update-status').click();
    // Going back is not offered.
    await expect(
      page.locator(
        `.ant-select-dropdown:visible .ant-select-item-option-disabled[title="${s.states.investigating}"]`,
      ),
    ).toHaveCount(1);
    await page.locator(`.ant-select-dropdown:visible [title="${s.states.resolved}"]`).click();
    await timeline.locator('#incident-update-message').fill('Renewed, all clear');
    await button(timeline, s.postUpdate).click();
    await expect(timeline.getByTestId('incident-state')).toHaveText(s.states.resolved);
    expect(await seriousViolations(page), 'axe on the timeline').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(timeline).toBeHidden();

    await page.goto(`/main/offline/accidents?q=${title}&status=resolved`);
    await expect(list.rows).toHaveCount(1);
    await expect(list.rows.first()).toContainText(s.states.resolved);

    // Paged and sorted by severity: eleven more of this run.
    const product = (await api(page, 'GET', '/acs/cp/products')) as { id: number }[];
    for (let i = 0; i < 11; i++)
      await api(page, 'POST', '/incidents', {
        title: `${title}-${String(i).padStart(2, '0')}`,
        severity: i % 2 ? 'sev1' : 'sev4',
        product_ids: [product[0]!.id],
        started_at: new Date().toISOString(),
      });
    await page.goto(`/main/offline/accidents?q=${title}&page_size=10&sort=severity`);
    await expect(list.rows).toHaveCount(10);
    await expect(list.rows.first()).toContainText(s.severities.sev1);
    await list.clickPage(2);
    await expect(list.rows).toHaveCount(2);

    // A phone: the page never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/main/offline/accidents?q=${title}&status=resolved`);
    await expect(list.rows.first()).toContainText(s.states.resolved);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page), 'axe at 390 px').toEqual([]);
  });
}
