import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { gameCall, newGameKey } from './support/game.ts';
import { lifecycleStrings, localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { button, openDrawer as drawerOf, rowOf } from './support/ui.ts';

// Operations staff set up an exposure scene (a wrong form, then a right one, then a copy), write a
// pop-up for it, publish it, and read its stats once a game has asked for it and reported what the
// player did; in Chinese at 1440 px, and in Arabic (right to left) at 390 px, with no serious axe
// finding.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
const zh = {
  p: lifecycleStrings('popups') as Record<string, any>,
  crud: localeStrings('crud') as Record<string, any>,
};
const ar = { p: lifecycleStrings('popups', 'ar') as Record<string, any> };

test.use({ bypassCSP: true });
test.describe.configure({ timeout: 150_000 });

const SCENES = '/main/commercialactivity/scene-config';
const POPUPS = '/main/commercialactivity/window-config';

interface Row {
  id: number;
  version: number;
}

test('set up a scene, copy it, publish a pop-up for it, and read its stats after a game reported on it', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  const code = `lobby_${tag}`;
  await signIn(page, 'admin', 'zh', SCENES);

  // A wrong scene form: a code with a space and no name.
  await button(page, zh.crud.action.create).click();
  const drawer = drawerOf(page);
  await drawer.locator('#code').fill('bad code');
  await button(drawer, zh.crud.action.save).click();
  await expect(drawer.locator('.ant-form-item-explain-error').first()).toBeVisible();
  await expect(drawer.getByRole('alert').filter({ hasText: zh.crud.form.fixErrors })).toBeVisible();
  // Put right.
  await drawer.locator('#code').fill(code);
  await drawer.locator('#name').fill(`大厅 ${tag}`);
  await drawer.locator('#max_popups').fill('2');
  await button(drawer, zh.crud.action.save).click();
  await expect(drawer).toBeHidden();
  const row = rowOf(page, code);
  await expect(row).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);

  // Copy: the scene's detail page opens as a new scene prefilled from it, saved under its own code,
  // and the list comes back with both.
  await row.getByTestId('scene-copy').click();
  await expect(page).toHaveURL(/\/commercialactivity\/scene-config\/detail\/[^/]+\/[^/]+$/);
  const copy = page.getByTestId('scene-detail');
  await expect(copy.locator('#code')).toHaveValue(`${code}_copy`);
  await expect(copy.locator('#max_popups')).toHaveValue('2');
  await button(copy, zh.crud.action.save).click();
  await expect(page).toHaveURL(/\/commercialactivity\/scene-config$/);
  await expect(rowOf(page, `${code}_copy`)).toHaveCount(1);

  // A pop-up for the scene: a wrong form first (no name, no scene, a link that is not one).
  const scenes = await api<{ list: (Row & { code: string })[] }>(page, 'GET', `/popup-scenes?q=${code}`);
  const scene = scenes.list.find((s) => s.code === code)!;
  await page.goto(POPUPS);
  await button(page, zh.crud.action.create).click();
  const form = drawerOf(page);
  await form.locator('#click_action').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: zh.p.clickActions.url })
    .click();
  await form.locator('#click_target').fill('javascript:alert(1)');
  await button(form, zh.crud.action.save).click();
  await expect(form.locator('.ant-form-item-explain-error').first()).toBeVisible();
  // Put right: a name, an image address, the scene, a proper link.
  const name = `首充礼包 ${tag}`;
  await form.locator('#name').fill(name);
  await form.locator('#images_0_url').fill('/files/popup-demo.png');
  await form.locator('#click_target').fill('https://example.com/first-pay');
  await form.locator('#scene_ids').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: `(${code})` })
    .click();
  await page.keyboard.press('Escape');
  await form.locator('#priority').fill('80');
  await button(form, zh.crud.action.save).click();
  await expect(form).toBeHidden();
  const popupRow = rowOf(page, name);
  await expect(popupRow.getByTestId('popup-status')).toHaveText(zh.p.states.draft);

  // Publish: live at once (no approval on this game).
  await popupRow.getByTestId('popup-publish').click();
  await page.locator('.ant-popover:visible .ant-btn-primary').click();
  await expect(popupRow.getByTestId('popup-status')).toHaveText(zh.p.states.live);
  expect(await seriousViolations(page)).toEqual([]);

  // A game asks at the scene, then reports an exposure and a click (the exposure twice: counted once).
  const key = await newGameKey(page);
  const asked = await gameCall<{ popups: { id: number; click_target: string }[] }>(
    request,
    key,
    'GET',
    `/api/game/v1/popups?scene=${code}&openid=e2e_${tag}&lang=zh`,
  );
  expect(asked.status).toBe(200);
  const shown = asked.data.popups[0]!;
  expect(shown.click_target).toBe('https://example.com/first-pay');
  const event = (id: string, type: string) => ({
    event_id: `${tag}-${id}`,
    popup_id: shown.id,
    scene: scene.code,
    openid: `e2e_${tag}`,
    type,
  });
  for (let i = 0; i < 2; i++) {
    const reported = await gameCall(request, key, 'POST', '/api/game/v1/popups/events', {
      events: [event('x', 'exposure'), event('c', 'click')],
    });
    expect(reported.status).toBe(200);
  }

  // Its stats page: one exposure, one click, a CTR of 100%.
  await popupRow.getByTestId('popup-stats').click();
  await expect(page).toHaveURL(new RegExp(`/window-config-detail/${shown.id}$`));
  const today = new Date().toISOString().slice(0, 10);
  const day = page.getByTestId('popup-stats-table').locator('tr').filter({ hasText: today });
  await expect(day).toContainText('100.00%');
  await expect(page.getByRole('img', { name: zh.p.stats.chart })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('in Arabic at 390 px the pop-ups and scenes pages read right to left and fit the screen', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  await signIn(page, 'admin', 'zh');
  const scene = await api<Row>(page, 'POST', '/popup-scenes', {
    code: `shop_${tag}`,
    name: `متجر ${tag}`,
    trigger: 'shop_open',
  });
  await api(page, 'POST', '/popups', {
    name: `عرض ${tag}`,
    images: [{ orientation: 'landscape', lang: 'ar', url: '/files/ar.png' }],
    scene_ids: [scene.id],
  });
  await switchLanguage(page, 'العربية', 'ar', 'rtl');
  await page.setViewportSize({ width: 390, height: 800 });
  for (const [path, text] of [
    [`${POPUPS}?q=${tag}`, `عرض ${tag}`],
    [`${SCENES}?q=${tag}`, `متجر ${tag}`],
  ] as const) {
    await page.goto(path);
    await expect(rowOf(page, text)).toHaveCount(1);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  }
  await expect(rowOf(page, `متجر ${tag}`)).toContainText(ar.p.triggers.shop_open);
});
