import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { gameCall, newGameKey } from './support/game.ts';
import { lifecycleStrings, localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { button, openDrawer, rowOf } from './support/ui.ts';

// Operations staff sync the mini-game's templates from WeChat (the demo's fake), say what a
// template's fields hold, send it to two players whose game reported a one-time subscription, and
// read the ledger: each grant used once. In Chinese at 1440 px and in Arabic (right to left) at
// 390 px, with no serious axe finding.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
const zh = {
  p: lifecycleStrings('push') as Record<string, any>,
  crud: localeStrings('crud') as Record<string, any>,
  table: localeStrings('table') as Record<string, any>,
};
const ar = { p: lifecycleStrings('push', 'ar') as Record<string, any> };

test.use({ bypassCSP: true });
test.describe.configure({ timeout: 150_000 });

const SUB = '/main/newrxlaunch/mini-game/subscription';
const EVENT = 'fake-tmpl-event-reminder';
/** The fake's title of that template (the id is cut short in its cell). */
const EVENT_TITLE = '活动开始提醒';

test('sync templates, map a field, send to players holding a grant, read the ledger', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  await signIn(page, 'admin', 'zh', SUB);

  await page.getByRole('tab', { name: zh.p.sub.tabs.templates }).click();
  await page.getByTestId('templates-sync').click();
  const event = rowOf(page, EVENT_TITLE);
  await expect(event.getByTestId('template-status')).toHaveText(zh.p.sub.template.states.active);
  await event.getByTestId('template-edit').click();
  const modal = page.locator('.ant-modal:visible');
  await modal.locator('#thing1').fill('{title}');
  await modal.locator('.ant-btn-primary').click();
  await expect(modal).toBeHidden();
  await expect(event).toContainText('thing1: {title}');
  expect(await seriousViolations(page)).toEqual([]);

  // The game reports that two players accepted the template.
  const key = await newGameKey(page);
  for (const who of ['a', 'b']) {
    const res = await gameCall(request, key, 'POST', '/api/game/v1/subscriptions', {
      openid: `e2e_${tag}_${who}`,
      template_ids: [EVENT],
    });
    expect(res.status).toBe(200);
  }

  await page.getByRole('tab', { name: zh.p.sub.tabs.sends }).click();
  await button(page, zh.crud.action.create).click();
  const form = openDrawer(page);
  const name = `小游戏提醒 ${tag}`;
  await form.locator('#name').fill(name);
  await form.locator('#title [data-lang="zh"]').fill('周末双倍经验');
  await form.locator('#body [data-lang="zh"]').fill('今晚 8 点开启');
  await form.locator('#template_id').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: EVENT })
    .click();
  await form.locator('#target').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: zh.p.targets.players })
    .click();
  const openids = form.locator('#openids');
  for (const who of ['a', 'b']) {
    await openids.fill(`e2e_${tag}_${who}`);
    await openids.press('Enter');
  }
  await button(form, zh.crud.action.save).click();
  await expect(form).toBeHidden();
  const row = rowOf(page, name);
  await row.getByTestId('push-send').click();
  await page.locator('.ant-popover:visible .ant-btn-primary').click();
  await expect(async () => {
    await page.getByRole('button', { name: zh.table.refresh, exact: true }).click();
    await expect(row.getByTestId('push-status')).toHaveText(zh.p.states.sent, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText('2 / 0 / 0');

  await page.getByRole('tab', { name: zh.p.sub.tabs.grants }).click();
  await page.getByTestId('grants-search').locator('input').fill(`e2e_${tag}_a`);
  await page.getByTestId('grants-search').locator('input').press('Enter');
  const grant = rowOf(page, `e2e_${tag}_a`);
  await expect(grant).toHaveCount(1);
  // granted 1, used 1, remaining 0
  await expect(grant.locator('td').nth(2)).toHaveText('1');
  await expect(grant.locator('td').nth(3)).toHaveText('1');
  await expect(grant.locator('td').nth(4)).toHaveText('0');
  expect(await seriousViolations(page)).toEqual([]);
});

test('in Arabic at 390 px the templates read right to left and fit', async ({ page }) => {
  await signIn(page, 'admin', 'zh');
  await api(page, 'POST', '/push-templates/sync', {});
  await switchLanguage(page, 'العربية', 'ar', 'rtl');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(SUB);
  await page.getByRole('tab', { name: ar.p.sub.tabs.templates }).click();
  await expect(rowOf(page, EVENT_TITLE).getByTestId('template-status')).toHaveText(
    ar.p.sub.template.states.active,
  );
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('tab', { name: ar.p.sub.tabs.grants }).click();
  await expect(page.getByTestId('grants-search')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
