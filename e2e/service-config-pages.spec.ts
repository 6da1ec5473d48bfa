import { expect, test, type Locator, type Page } from '@playwright/test';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { switchLanguage } from './support/built-pages.ts';
import { readCsv, toCsv } from './support/csv.ts';
import { spaced, button, openDrawer } from './support/ui.ts';

// The game-facing configuration pages walked through as the demo admin in Chinese: error-code
// texts (placeholders, missing-translation filter, CSV round trip, publish and rollback), the help
// centre (write, publish, preview), auto-reply (a rule and the test box), feedback types (a child)
// and chat access (a policy switch and the region kill switch); then auto-reply in Arabic.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;
type Lang = 'zh' | 'ar';

function strings(lang: Lang) {
  const read = (ns: string): Strings => localeStrings(ns, lang);
  return {
    crud: read('crud'),
    menu: read('menu'),
    errorCodes: read('errorCodes'),
    help: read('help'),
    autoReply: read('autoReply'),
    feedbackTypes: read('feedbackTypes'),
    social: read('social'),
  };
}

/** A list's rows, not those of a table opened inside an expanded row. */
const rows = (scope: Page | Locator) =>
  scope.locator('.rx-data-table tbody tr.ant-table-row:not(.ant-table-expanded-row *)');
const openModal = (page: Page) => page.locator('.ant-modal-container:visible').last();
const options = (page: Page) => page.locator('.ant-select-dropdown:visible .ant-select-item-option');
const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, v), text);
const uniqueTag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** Signs in as the admin (switching the interface to Arabic when asked) and opens the page. */
async function start(page: Page, lang: Lang, path: string) {
  await signIn(page, 'admin', 'zh');
  if (lang === 'ar') await switchLanguage(page, 'العربية', 'ar', 'rtl');
  await page.goto(`/main${path}`);
}

async function pick(page: Page, control: Locator, text?: string) {
  await control.click();
  const option = text ? options(page).filter({ hasText: text }).first() : options(page).first();
  await expect(option).toBeVisible();
  await option.click();
}

async function save(page: Page, s: Strings) {
  const drawer = openDrawer(page);
  await button(drawer, s.crud.action.save).click();
  await expect(drawer).toBeHidden();
}

async function search(page: Page, s: Strings) {
  await button(page.locator('form[role=search]'), s.crud.search.search).click();
}

test.describe('service configuration pages (zh)', () => {
  test.setTimeout(120_000);

  test('error codes: texts with placeholders, missing-language filter, CSV round trip, publish and roll back', async ({
    page,
  }) => {
    const s = strings('zh');
    const e = s.errorCodes;
    const tag = uniqueTag();
    const code = `E2E${tag}`;
    await start(page, 'zh', '/basic/error-code');
    await expect(page.getByRole('heading', { name: s.menu['page.errorCodes'] })).toBeVisible();

    // A Japanese text without the default text's {0} is named on its language as it is typed.
    await button(page, s.crud.action.create).click();
    const drawer = openDrawer(page);
    await drawer.locator('#code').fill(code);
    await drawer.locator('#module').fill('e2e');
    await drawer.locator('#default_text').fill('请等待 {0} 秒');
    await drawer.getByLabel('English').fill('Please wait {0} seconds.');
    await drawer.getByLabel('日本語').fill('しばらくお待ちください。');
    const jaError = page.getByTestId('placeholder-error-ja');
    await expect(jaError).toContainText('日本語');
    await expect(jaError).toContainText('{0}');
    await expect(page.getByTestId('placeholder-error-en')).toHaveCount(0);
    // Saving is refused by the same schema the server uses, on the texts field.
    await button(drawer, s.crud.action.save).click();
    await expect(drawer.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await expect(drawer).toBeVisible();
    await drawer.getByLabel('日本語').fill('{0} 秒お待ちください。');
    await expect(jaError).toHaveCount(0);
    await save(page, s);
    await page.locator('form[role=search] #q').fill(code);
    await search(page, s);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(code);

    // The missing-language filter lives in the address and survives a reload.
    await pick(page, page.locator('form[role=search] #missing_lang'), 'ไทย');
    await search(page, s);
    await expect(page).toHaveURL(/[?&]missing_lang=th/);
    await expect(rows(page)).toHaveCount(1);
    await page.reload();
    await expect(page.locator('form[role=search] .ant-select').filter({ hasText: 'ไทย' })).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(code);

    // Export the filtered rows, then import a copy with the Thai text filled in.
    await button(page, s.crud.export.button).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV' }).click(),
    ]);
    const table = readCsv(await download.path());
    const [header, ...body] = table;
    expect(header).toEqual(expect.arrayContaining(['code', 'default_text', 'texts.en', 'texts.th']));
    const source = body.find((r) => r.includes(code))!;
    expect(source).toBeTruthy();
    const changes: Record<string, string> = { id: '', code: `${code}I`, 'texts.th': 'โปรดรอ {0} วินาที' };
    const copy = header!.map((column, i) => (column in changes ? changes[column]! : (source[i] ?? '')));
    await page.getByTestId('error-codes-import-file').setInputFiles({
      name: 'error-codes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(toCsv([header!, copy])),
    });
    const modal = openModal(page);
    const count = (title: string) =>
      modal.locator('.ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content-value');
    await expect(count(s.crud.import.create)).toHaveText('1');
    await expect(count(s.crud.import.errors)).toHaveText('0');
    await button(modal, s.crud.import.apply).click();
    await expect(modal).toBeHidden();
    await page.goto(`/main/basic/error-code?q=${code}`);
    await expect(rows(page)).toHaveCount(2);

    // Publish with a note: the new release is live; rolling back to the one before makes another.
    const note = `e2e ${tag}`;
    await button(page, e.publish).click();
    await openModal(page).locator('#release-note').fill(note);
    await button(openModal(page), e.publish).click();
    const published = page.getByText(/已发布版本 #\d+，共 \d+ 个错误码/);
    await expect(published).toBeVisible();
    const number = Number(/#(\d+)/.exec((await published.textContent())!)![1]);
    await button(page, e.releases).click();
    const history = openDrawer(page);
    const first = rows(history).first();
    await expect(first).toContainText(`#${number}`);
    await expect(first).toContainText(e.live);
    await expect(first).toContainText(note);
    await button(rows(history).filter({ hasText: `#${number - 1}` }), e.rollback).click();
    await button(openModal(page), e.rollback).click();
    await expect(
      page.getByText(fill(e.rolledBack, { number: String(number + 1), source: String(number - 1) })),
    ).toBeVisible();
    await expect(rows(history).first()).toContainText(fill(e.rollbackOf, { number: String(number - 1) }));
    await expect(rows(history).first()).toContainText(e.live);
  });

  test('help centre: write an article, publish it and preview it as a player', async ({ page }) => {
    const s = strings('zh');
    const h = s.help;
    const tag = uniqueTag();
    const title = `帮助${tag}`;
    await start(page, 'zh', '/projectbase/projectbase-fe/help-center');
    await expect(page.getByRole('heading', { name: s.menu['page.helpCenter'] })).toBeVisible();

    await button(page, h.newArticle).click();
    await expect(page).toHaveURL(/\/help-center\/detail\/\d+\/0$/);
    // The list page may still be on screen for a moment, and stays mounted (hidden) in its tab:
    // its own category filter shares the id. The editor's form is the one under its heading.
    await expect(page.getByRole('heading', { name: h.newArticle })).toBeVisible();
    await pick(page, page.locator('form:not(.ant-form-inline) #category_id:visible'));
    await page.locator('#title').fill(title);
    const body = page.getByRole('textbox', { name: h.body });
    await body.click();
    await page.getByRole('button', { name: s.crud.editor.bold }).click();
    await page.keyboard.type(`重点${tag}`);
    await page.getByRole('button', { name: s.crud.editor.bold }).click();
    await page.keyboard.type('，其余正文。');
    await expect(body.locator('b, strong')).toContainText(`重点${tag}`);
    await button(page, s.crud.action.save).click();
    await expect(page).toHaveURL(/\?article=\d+/);
    await expect(page.getByTestId('article-status')).toHaveText(h.statuses.draft);

    await button(page, h.publish).click();
    await expect(page.getByTestId('article-status')).toHaveText(h.statuses.published);

    await button(page, h.preview).click();
    await expect(page).toHaveURL(/\/help-center\/preview\/\d+\/0\/zh$/);
    const preview = page.getByTestId('help-preview');
    await preview.getByRole('button', { name: title }).click();
    await expect(preview.locator('.rx-help-body')).toContainText(`重点${tag}，其余正文。`);

    // The list shows it published; a reload of the preview route answers the same.
    await page.reload();
    await expect(page.getByTestId('help-preview')).toContainText(title);
  });

  test('auto-reply: a new rule fires in the test box, a shared keyword warns', async ({ page }) => {
    const s = strings('zh');
    const a = s.autoReply;
    const tag = uniqueTag();
    await start(page, 'zh', '/projectbase/projectbase-fe/auto-reply');
    await expect(page.getByRole('heading', { name: s.menu['page.autoReply'] })).toBeVisible();

    const createRule = async (name: string, priority: string) => {
      await button(page, a.newRule).click();
      const drawer = openDrawer(page);
      await drawer.locator('#name').fill(name);
      await drawer.getByLabel(`${a.keyword} 1`).fill(`暗号${tag}`);
      await drawer.getByLabel(`${a.replyText} 1`).fill(`回复${name}`);
      await drawer.locator('#priority').fill(priority);
      await save(page, s);
      await expect(rows(page).filter({ hasText: name })).toHaveCount(1);
    };
    await createRule(`规则${tag}`, '100');
    await createRule(`备用${tag}`, '1');
    await expect(page.getByTestId('overlap-warnings')).toContainText(`规则${tag}`);

    const box = page.getByTestId('auto-reply-test');
    await box.getByLabel(a.testMessage).fill(`请问暗号${tag}是什么`);
    await button(box, a.test).click();
    await expect(page.getByTestId('auto-reply-test-rule')).toHaveText(`规则${tag}`);
    await expect(page.getByTestId('auto-reply-test-result')).toContainText(`回复规则${tag}`);
  });

  test('feedback types: add a child under a type', async ({ page }) => {
    const s = strings('zh');
    const f = s.feedbackTypes;
    const tag = uniqueTag();
    await start(page, 'zh', '/service/feedbackConfig/feedback-configure');
    await expect(page.getByRole('heading', { name: s.menu['page.feedbackTypes'] })).toBeVisible();

    const parent = rows(page).filter({ hasText: '账号问题' }).first();
    await button(parent, f.addChild).click();
    const drawer = openDrawer(page);
    await expect(drawer).toContainText(fill(f.createChildTitle, { name: '账号问题 (account)' }));
    await drawer.locator('#code').fill(`e2e_${tag}`);
    // The first Chinese box is the name's (each box is named "field · language").
    await drawer
      .getByRole('textbox', { name: /· 简体中文$/ })
      .first()
      .fill(`子类型${tag}`);
    await drawer.getByRole('checkbox', { name: f.requireScreenshot }).check();
    await save(page, s);
    const child = rows(page).filter({ hasText: `子类型${tag}` });
    await expect(child).toHaveCount(1);
    await expect(child).toHaveClass(/ant-table-row-level-1/);
    await expect(child).toContainText(f.requireScreenshot);

    // Moved under another type, it follows that type in the tree.
    await button(child, f.move).click();
    const modal = openModal(page);
    await modal.locator('#move-parent').click();
    // Other tests add types: the parent is found by typing, as staff would in a long list.
    await modal.locator('#move-parent').fill('充值问题');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-tree-title')
      .filter({ hasText: '充值问题 (payment)' })
      .click();
    await button(modal, f.move).click();
    await expect(modal).toBeHidden();
    await expect(async () => {
      const order = await rows(page).allTextContents();
      const at = (text: string) => order.findIndex((row) => row.includes(text));
      expect(at(`子类型${tag}`)).toBeGreaterThan(at('充值问题'));
      expect(at(`子类型${tag}`)).toBeLessThan(at('游戏问题'));
    }).toPass();
    await expect(child).toHaveClass(/ant-table-row-level-1/);
    const payment = rows(page).filter({ hasText: '充值问题' }).first();

    // A type with children is not deleted, and the page says why.
    await button(payment, s.crud.action.delete).click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: spaced('确定') })
      .click();
    await expect(page.getByTestId('feedback-delete-refused')).toContainText('充值问题');
    await expect(rows(page).filter({ hasText: '充值问题' })).toHaveCount(1);
  });

  test('chat access: switch a policy feature, and the region kill switch asks for its code', async ({
    page,
  }) => {
    const s = strings('zh');
    const so = s.social;
    await start(page, 'zh', '/projectbase/projectbase-fe/social/chat-access-setting');
    await expect(page.getByRole('heading', { name: s.menu['page.chatAccess'] })).toBeVisible();

    const world = page.getByRole('switch', { name: new RegExp(`^${so.feature.world} `) }).first();
    const before = await world.getAttribute('aria-checked');
    const after = before === 'true' ? 'false' : 'true';
    // A live policy changes only once its effect is confirmed.
    await world.click();
    const confirm = page.locator('.ant-popconfirm:visible');
    await expect(confirm).toContainText(so.feature.world);
    await expect(confirm).toContainText(so.confirm.featureOff.split('{{')[0]);
    await expect(world).toHaveAttribute('aria-checked', before!);
    await button(confirm, so.confirm[before === 'true' ? 'turnOff' : 'turnOn']).click();
    await expect(world).toHaveAttribute('aria-checked', after);
    await page.reload();
    await expect(
      page.getByRole('switch', { name: new RegExp(`^${so.feature.world} `) }).first(),
    ).toHaveAttribute('aria-checked', after);

    const region = page.getByTestId('kill-switch-hw');
    await button(region, so.kill.turnOn).click();
    const modal = openModal(page);
    const ok = button(modal, so.kill.turnOn);
    await expect(ok).toBeDisabled();
    await modal.getByLabel(so.kill.typeLabel).fill('hw');
    await ok.click();
    await expect(region).toContainText(so.kill.on);
    await button(region, so.kill.turnOff).click();
    await button(openModal(page), so.kill.turnOff).click();
    await expect(region).toContainText(so.kill.off);
  });
});

test('auto-reply in Arabic: a rule fires in the test box', async ({ page }) => {
  test.setTimeout(90_000);
  const s = strings('ar');
  const a = s.autoReply;
  const tag = uniqueTag();
  await start(page, 'ar', '/projectbase/projectbase-fe/auto-reply');
  await expect(page.getByRole('heading', { name: s.menu['page.autoReply'] })).toBeVisible();

  await button(page, a.newRule).click();
  const drawer = openDrawer(page);
  await drawer.locator('#name').fill(`قاعدة ${tag}`);
  await pick(page, drawer.getByLabel(`${a.match} 1`), a.matches.equal);
  await drawer.getByLabel(`${a.keyword} 1`).fill(`مرحبا${tag}`);
  await drawer.getByLabel(`${a.replyText} 1`).fill(`أهلًا ${tag}`);
  await save(page, s);
  await expect(rows(page).filter({ hasText: `قاعدة ${tag}` })).toContainText(`مرحبا${tag}`);

  const box = page.getByTestId('auto-reply-test');
  await box.getByLabel(a.testMessage).fill(`مرحبا${tag}`);
  await button(box, a.test).click();
  await expect(page.getByTestId('auto-reply-test-rule')).toHaveText(`قاعدة ${tag}`);
  await expect(page.getByTestId('auto-reply-test-result')).toContainText(a.sources.rule);
});
