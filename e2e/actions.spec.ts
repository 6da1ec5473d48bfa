import { expect, test, type Page } from '@playwright/test';
import { RULE_MESSAGES } from '../packages/contracts/src/errors.ts';
import { localeStrings } from './support/layout.ts';
import { api } from './support/api.ts';
import { signIn } from './support/sign-in.ts';
import { spaced, button, openDrawer } from './support/ui.ts';

// Actions that change live data, walked as the demo admin in Chinese: deleting a gift in use tells
// that it was disabled instead (a notice, no error), a clone is a draft that exists only once
// saved, and a policy switch asks before it changes what players get.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;
const s = {
  crud: localeStrings('crud') as Strings,
  gifts: localeStrings('gifts') as Strings,
  social: localeStrings('social') as Strings,
};

const rows = (page: Page) => page.locator('.rx-data-table tbody tr.ant-table-row');

/** A gift of its own, used by a draft billing point of its own. */
async function giftInUse(page: Page, tag: string) {
  const first = async (path: string) =>
    (await api<{ list: { id: number }[] }>(page, 'GET', path)).list[0]!.id;
  const propId = await first('/props?status=active&page_size=1');
  const channelId = await first('/channels?status=active&page_size=1');
  const gift = await api<{ id: number }>(page, 'POST', '/gift-packages', {
    name: { zh: `在用${tag}` },
    contents: [{ prop_id: propId, quantity: 3 }],
  });
  await api(page, 'POST', '/billing-points', {
    channel_id: channelId,
    store: 'wechat_pay',
    store_sku: `e2e.inuse.${tag}`,
    name: `引用${tag}`,
    prices: [{ currency: 'CNY', amount: 6 }],
    reward_gift_id: gift.id,
  });
}

test.describe('actions that change live data (zh)', () => {
  test.setTimeout(120_000);

  test('deleting a gift in use says it was disabled instead; a clone is only a draft until saved', async ({
    page,
  }) => {
    const uncaught: string[] = [];
    page.on('pageerror', (error) => uncaught.push(error.message));
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
    await signIn(page, 'admin', 'zh', '/main/basic/gift-list');
    await giftInUse(page, tag);
    await page.goto(`/main/basic/gift-list?q=${tag}`);
    const copySuffix = s.crud.copy.name.replace('{{name}}', '');
    const row = rows(page)
      .filter({ hasText: `在用${tag}` })
      .filter({ hasNotText: copySuffix });
    await expect(row).toHaveCount(1);

    // The copy opens in the create form, named "(copy)" in each language given; nothing is created yet.
    await button(row, s.crud.action.clone).click();
    let drawer = openDrawer(page);
    await expect(drawer).toContainText(s.gifts.copyTitle.split('{{')[0]);
    await expect(drawer.getByLabel('简体中文')).toHaveValue(
      s.crud.copy.name.replace('{{name}}', `在用${tag}`),
    );
    await expect(drawer.getByLabel('English')).toHaveValue('');
    await button(drawer, s.crud.action.cancel).click();
    await expect(drawer).toBeHidden();
    await page.reload();
    await expect(rows(page)).toHaveCount(1);
    // Saved, the copy is a new gift.
    await button(rows(page).first(), s.crud.action.clone).click();
    drawer = openDrawer(page);
    await button(drawer, s.crud.action.save).click();
    await expect(drawer).toBeHidden({ timeout: 20_000 });
    await expect(rows(page)).toHaveCount(2);

    // The original is used by a billing point: deleting it disables it, told as a notice.
    await button(row, s.crud.action.delete).click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: spaced('确定') })
      .click();
    await expect(page.locator('.ant-message-info')).toContainText(RULE_MESSAGES.in_use_disabled.zh);
    await expect(page.locator('.ant-message-error')).toHaveCount(0);
    await expect(row).toContainText(s.crud.status.disabled);
    expect(uncaught).toEqual([]);
  });

  test('a policy switch names its effect and changes nothing until confirmed', async ({ page }) => {
    const so = s.social;
    await signIn(page, 'admin', 'zh', '/main/projectbase/projectbase-fe/social/friend-access-setting');
    const gifting = page.getByRole('switch', { name: new RegExp(`^${so.feature.gifting} `) }).first();
    const before = (await gifting.getAttribute('aria-checked'))!;
    await gifting.click();
    const confirm = page.locator('.ant-popconfirm:visible');
    await expect(confirm).toContainText(so.feature.gifting);
    await expect(confirm).toContainText(
      so.confirm[before === 'true' ? 'featureOff' : 'featureOn'].split('{{')[0],
    );
    await button(confirm, '取消').click();
    await expect(confirm).toBeHidden();
    await page.reload();
    await expect(
      page.getByRole('switch', { name: new RegExp(`^${so.feature.gifting} `) }).first(),
    ).toHaveAttribute('aria-checked', before);
  });
});
