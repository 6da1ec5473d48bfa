import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { switchLanguage } from './support/built-pages.ts';
import { gameCall, newGameKey } from './support/game.ts';
import { lifecycleStrings, localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { button, languageBox, openDrawer as drawerOf, rowOf } from './support/ui.ts';

// Operations staff write a notice, save a wrong form and a right one, publish it, see it as a
// player would (the preview and the signed game API), and recall it; in Chinese and in Arabic
// (right to left), at 1440 px and at 390 px.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
const zh = {
  a: lifecycleStrings('announcements') as Record<string, any>,
  crud: localeStrings('crud') as Record<string, any>,
  table: localeStrings('table') as Record<string, any>,
};
const ar = { a: lifecycleStrings('announcements', 'ar') as Record<string, any> };

const PAGE = '/main/operation/product-notice';

interface Notice {
  id: number;
  title: string;
}

test.describe.configure({ timeout: 120_000 });

test('write a notice, fix a wrong form, publish it, preview it, read it through the game API, recall it', async ({
  page,
  request,
}) => {
  const title = `维护通知 ${Date.now().toString(36)}`;
  await signIn(page, 'admin', 'zh', PAGE);
  await button(page, zh.crud.action.create).click();
  const drawer = drawerOf(page);

  // A wrong form: no title, and a link that is not a web address.
  await drawer.locator('#click_action').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: zh.a.clickActions.url })
    .click();
  await drawer.locator('#click_target').fill('javascript:alert(1)');
  await button(drawer, zh.crud.action.save).click();
  await expect(drawer.locator('.ant-form-item-explain-error').first()).toBeVisible();
  await expect(drawer.getByRole('alert').filter({ hasText: zh.crud.form.fixErrors })).toBeVisible();

  // Put right: a title, a body, a proper link, a higher priority.
  await languageBox(drawer, zh.a.title, '简体中文').fill(title);
  await languageBox(drawer, zh.a.title, 'English').fill('Maintenance tonight');
  await drawer.getByLabel(`${zh.a.body} (简体中文)`).click();
  await page.keyboard.type('今晚 22:00 停服维护两小时。');
  await drawer.locator('#click_target').fill('https://example.com/maintenance');
  await drawer.locator('#priority').fill('50');
  await button(drawer, zh.crud.action.save).click();
  await expect(drawer).toBeHidden();
  const row = rowOf(page, title);
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('notice-status')).toHaveText(zh.a.states.draft);

  // Publish (no approval policy on this game): live at once.
  await row.getByTestId('notice-publish').click();
  await page.locator('.ant-popover:visible .ant-btn-primary').click();
  await expect(row.getByTestId('notice-status')).toHaveText(zh.a.states.live);

  // The preview shows it as a player sees it, in the language chosen.
  await button(row, zh.a.preview).click();
  const preview = page.getByTestId('notice-preview');
  await expect(preview).toContainText(title);
  await expect(preview).toContainText('今晚 22:00 停服维护两小时。');
  await page.getByLabel(zh.a.previewLanguage).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: 'English' })
    .click();
  await expect(preview).toContainText('Maintenance tonight');
  await page.locator('.ant-modal-close').click();

  // A game server reads it through the signed game API.
  const notices = await api<{ list: Notice[] }>(page, 'GET', `/announcements?q=${encodeURIComponent(title)}`);
  const id = notices.list[0]!.id;
  const key = await newGameKey(page);
  const live = await gameCall<{ notices: { id: number; title: string }[] }>(
    request,
    key,
    'GET',
    '/api/game/v1/notices?lang=en',
  );
  expect(live.status).toBe(200);
  expect(live.data.notices.find((n) => n.id === id)?.title).toBe('Maintenance tonight');

  // Recalled: back to draft, gone from the game.
  await row.getByTestId('notice-recall').click();
  await page.locator('.ant-popover:visible .ant-btn-primary').click();
  await expect(row.getByTestId('notice-status')).toHaveText(zh.a.states.draft);
  const after = await gameCall<{ notices: { id: number }[] }>(
    request,
    key,
    'GET',
    '/api/game/v1/notices?lang=en',
  );
  expect(after.data.notices.map((n) => n.id)).not.toContain(id);
});

test('end several notices at once from the selection; a row the action does not apply to is skipped', async ({
  page,
}) => {
  const tag = `批量 ${Date.now().toString(36)}`;
  await signIn(page, 'admin', 'zh');
  const make = async (n: number) =>
    (
      await api<Notice>(page, 'POST', '/announcements', {
        type: 'board',
        title: { zh: `${tag} ${n}`, en: `Bulk ${n}` },
        body: { zh: '<p>内容</p>' },
      })
    ).id;
  const ids = [await make(1), await make(2), await make(3)];
  // Two go live; the third stays a draft (which can be ended too) and one more ends first.
  for (const id of ids.slice(0, 2)) {
    const { version } = await api<{ version: number }>(page, 'GET', `/announcements/${id}`);
    await api(page, 'POST', `/announcements/${id}/publish`, { version });
  }
  const { version } = await api<{ version: number }>(page, 'GET', `/announcements/${ids[2]}`);
  await api(page, 'POST', `/announcements/${ids[2]}/end`, { version });

  await page.goto(`${PAGE}?q=${encodeURIComponent(tag)}`);
  const rows = page.locator('.rx-data-table tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3);
  // The ended one cannot be ended again: its box is off.
  await expect(rowOf(page, `${tag} 3`).getByRole('checkbox')).toBeDisabled();
  await rowOf(page, `${tag} 1`).getByRole('checkbox').check();
  await rowOf(page, `${tag} 2`).getByRole('checkbox').check();
  await page.getByTestId('bulk-end').click();
  await page.locator('.ant-popover:visible .ant-btn-primary').click();
  const tally: Record<string, number> = { done: 2, skipped: 0, failed: 0 };
  const said = (zh.table.bulk.actionResult as string).replace(/{{(\w+)}}/g, (_, k: string) =>
    String(tally[k]),
  );
  await expect(page.getByText(said)).toBeVisible();
  for (const n of [1, 2, 3])
    await expect(rowOf(page, `${tag} ${n}`).getByTestId('notice-status')).toHaveText(zh.a.states.ended);
});

test('in Arabic at 390 px the page reads right to left, fits the screen, and the preview is RTL', async ({
  page,
}) => {
  await signIn(page, 'admin', 'zh');
  const title = `إعلان ${Date.now().toString(36)}`;
  await api(page, 'POST', '/announcements', {
    type: 'login_popup',
    title: { zh: '活动', ar: title },
    body: { zh: '<p>活动正文</p>', ar: '<p>نص الإعلان</p>' },
  });
  await switchLanguage(page, 'العربية', 'ar', 'rtl');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`${PAGE}?q=${encodeURIComponent('活动')}`);
  const row = rowOf(page, title);
  await expect(row).toHaveCount(1);
  // The page itself never scrolls sideways (a wide table scrolls inside its own box).
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await row.getByRole('button', { name: ar.a.preview }).click();
  const preview = page.getByTestId('notice-preview');
  await expect(preview).toHaveAttribute('dir', 'rtl');
  await expect(preview).toContainText(title);
  await expect(preview).toContainText('نص الإعلان');
});
