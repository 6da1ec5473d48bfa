import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { button, openDrawer } from './support/ui.ts';

// Operations staff write an auto push rule for players who follow; WeChat (the demo game's fake,
// with its public callback token) posts a follow; the log shows what was sent. In Chinese at
// 1440 px and in Arabic (right to left) at 390 px, with no serious axe finding.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
const zh = {
  w: localeStrings('wechatService') as Record<string, any>,
  crud: localeStrings('crud') as Record<string, any>,
};

test.use({ bypassCSP: true });
test.describe.configure({ timeout: 150_000 });

const PAGE = '/main/operation/service-reply-config';
const FAKE_TOKEN = 'fake-wechat-callback-token';

test('write a follow rule; a signed follow from WeChat is answered and logged', async ({ page, request }) => {
  const tag = Date.now().toString(36);
  await signIn(page, 'admin', 'zh', PAGE);
  await button(page, zh.crud.action.create).click();
  const form = openDrawer(page);
  const name = `关注欢迎 ${tag}`;
  await form.locator('#name').fill(name);
  await form.locator('#trigger').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: zh.w.triggers.follow })
    .click();
  await form.getByLabel(`${zh.w.text} 1`).fill(`欢迎 ${tag}`);
  await button(form, zh.crud.action.save).click();
  await expect(form).toBeHidden();
  await expect(page.locator('.rx-data-table tbody tr.ant-table-row').filter({ hasText: name })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const productId = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('rx-console:product-id') ?? 'null'),
  );
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = tag.replace(/[^A-Za-z0-9]/g, '');
  const signature = createHash('sha1').update([FAKE_TOKEN, timestamp, nonce].sort().join('')).digest('hex');
  const res = await request.post(
    `/api/wechat/v1/${productId}/callback?signature=${signature}&timestamp=${timestamp}&nonce=${nonce}`,
    {
      data: {
        ToUserName: 'gh_demo',
        FromUserName: `oE2E${nonce}`,
        CreateTime: Number(timestamp),
        MsgType: 'event',
        Event: 'subscribe',
      },
    },
  );
  expect(res.status()).toBe(200);
  await page.reload();
  const logged = page
    .locator('.rx-data-table tbody tr.ant-table-row')
    .filter({ hasText: `oE2E${nonce}` })
    .first();
  await expect(logged.getByTestId('log-outcome')).toHaveText(zh.w.outcomes.sent);
  expect(await seriousViolations(page)).toEqual([]);
});

test('in Arabic at 390 px the rules page reads right to left and fits', async ({ page }) => {
  await signIn(page, 'admin', 'zh');
  await switchLanguage(page, 'العربية', 'ar', 'rtl');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(PAGE);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText(localeStrings('wechatService', 'ar').log.title as string)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
});
