import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { gameCall, newGameKey } from './support/game.ts';
import { lifecycleStrings, localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { button, openDrawer, rowOf } from './support/ui.ts';

// Operations staff write a mini-program push (a WeChat subscribe message) for two players whose
// mini-program registered their openids, without a template first, then with one; send it through
// the fake WeChat and read its deliveries; the list keeps to mini-program tasks; in Chinese at
// 1440 px and in Arabic (right to left) at 390 px, with no serious axe finding.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
const zh = {
  p: lifecycleStrings('push') as Record<string, any>,
  crud: localeStrings('crud') as Record<string, any>,
  table: localeStrings('table') as Record<string, any>,
};
const ar = { p: lifecycleStrings('push', 'ar') as Record<string, any> };

test.use({ bypassCSP: true });
test.describe.configure({ timeout: 150_000 });

const MP = '/main/operation/push-manage/mini-program-push';

test('write a mini-program push, a missing template first, send it and read its deliveries', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  await signIn(page, 'admin', 'zh', MP);
  const key = await newGameKey(page);
  for (const who of ['a', 'b']) {
    const registered = await gameCall(request, key, 'POST', '/api/game/v1/push/tokens', {
      openid: `e2e_${tag}_${who}`,
      platform: 'mini_program',
      provider: 'wechat',
      token: `oE2E${tag}${who}`,
      locale: 'zh-CN',
    });
    expect(registered.status).toBe(200);
  }

  await button(page, zh.crud.action.create).click();
  const form = openDrawer(page);
  // No image or deep link here: a template, its fields and a page.
  await expect(form.locator('#deep_link')).toHaveCount(0);
  const name = `小程序提醒 ${tag}`;
  await form.locator('#name').fill(name);
  await form.locator('#title [data-lang="zh"]').fill('周末双倍经验');
  await form.locator('#body [data-lang="zh"]').fill('今晚 8 点开启');
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
  // Without its template: the server names the field.
  await button(form, zh.crud.action.save).click();
  await expect(form.locator('#template_id_help, .ant-form-item-explain-error').first()).toBeVisible();
  await form.locator('#template_id').fill('fake-tmpl-event-reminder');
  await form.locator('#page').fill('pages/event/index');
  await button(form, zh.p.task.addData).click();
  await form.getByLabel(`${zh.p.task.fieldKey} 1`).fill('thing1');
  await form.getByLabel(`${zh.p.task.dataValue} 1`).fill('{title}');
  await button(form, zh.crud.action.save).click();
  await expect(form).toBeHidden();
  const row = rowOf(page, name);
  await expect(row.getByTestId('push-status')).toHaveText(zh.p.states.draft);
  expect(await seriousViolations(page)).toEqual([]);

  await row.getByTestId('push-send').click();
  await page.locator('.ant-popover:visible .ant-btn-primary').click();
  await expect(async () => {
    await page.getByRole('button', { name: zh.table.refresh, exact: true }).click();
    await expect(row.getByTestId('push-status')).toHaveText(zh.p.states.sent, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText('2 / 0 / 0');
  await row.getByTestId('push-stats-open').click();
  const stats = page.getByTestId('push-stats');
  await expect(stats.locator('td').nth(1)).toHaveText('2');
  await expect(page.locator('.ant-modal:visible')).toContainText(zh.p.providers.wechat);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the list keeps to mini-program tasks; in Arabic at 390 px it reads right to left and fits', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  await signIn(page, 'admin', 'zh');
  const task = (n: number) => ({
    name: `ترويج ${tag} ${n}`,
    title: { zh: `标题 ${n}`, ar: `عنوان ${n}` },
    body: { zh: '正文', ar: 'نص' },
    target: 'all',
    template_id: 'fake-tmpl-reward',
  });
  await api(page, 'POST', '/push-tasks?kind=mini_program', task(1));
  await api(page, 'POST', '/push-tasks?kind=mini_program', task(2));
  // An app push of the same words: not on this page.
  await api(page, 'POST', '/push-tasks', { ...task(3), template_id: '' });

  await switchLanguage(page, 'العربية', 'ar', 'rtl');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`${MP}?q=${tag}`);
  const rows = page.locator('.rx-data-table tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(rows.first().getByTestId('push-status')).toHaveText(ar.p.states.draft);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
});
