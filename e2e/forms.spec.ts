import { expect, test, type Locator, type Page } from '@playwright/test';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { button, languageBox, openDrawer } from './support/ui.ts';

// The create/edit drawers as staff fill them all day, in Chinese: a list rule shows on its list, an
// error leaves once its field is changed, numbers are refused with their format instead of being
// changed behind the user's back, one wrong language is named and marked alone, and closing a
// form with unsaved input asks first.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;
const s = {
  crud: localeStrings('crud') as Strings,
  gifts: localeStrings('gifts') as Strings,
  errorCodes: localeStrings('errorCodes') as Strings,
};

const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm:visible');
/** The innermost form item holding a control (the inner locator is searched within each item). */
const itemOf = (drawer: Locator, control: (scope: Page) => Locator) =>
  drawer
    .locator('.ant-form-item')
    .filter({ has: control(drawer.page()) })
    .last();
const byLabel = (label: string) => (scope: Page) => scope.getByLabel(label, { exact: true });
const errorsOf = (item: Locator) => item.locator('.ant-form-item-explain-error');

/** Picks the first option of a select. */
async function pickFirst(page: Page, control: Locator) {
  await expect(async () => {
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
    if (!(await option.isVisible())) await control.click();
    await option.click({ timeout: 10_000 });
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0, { timeout: 3000 });
  }).toPass({ timeout: 40_000 });
}

async function newGift(page: Page) {
  await signIn(page, 'admin', 'zh', '/main/basic/gift-list');
  await button(page, s.crud.action.create).click();
  return openDrawer(page);
}

test.describe('forms (zh)', () => {
  // The other specs run with reduced motion (playwright.config.ts): here drawers and messages
  // animate, as most staff see them.
  test.use({ contextOptions: { reducedMotion: 'no-preference' } });

  test.setTimeout(90_000);

  test('a gift with the same prop twice is refused on its contents, and the error goes once changed', async ({
    page,
  }) => {
    const drawer = await newGift(page);
    await drawer.getByLabel('简体中文').fill('重复道具');
    await pickFirst(page, drawer.getByLabel(`${s.gifts.prop} 1`));
    await button(drawer, s.gifts.addProp).click();
    await pickFirst(page, drawer.getByLabel(`${s.gifts.prop} 2`));
    await button(drawer, s.crud.action.save).click();

    const contents = drawer.locator('.ant-form-item').filter({ hasText: s.gifts.contents }).first();
    await expect(errorsOf(contents)).toHaveText('存在重复项');
    await expect(drawer.getByRole('alert').filter({ hasText: s.crud.form.fixErrors })).toBeVisible();
    await expect(drawer).toBeVisible();

    // Removing the repeated prop answers the rule: its message and the summary go at once.
    await drawer.getByRole('button', { name: s.gifts.removeProp }).last().click();
    await expect(errorsOf(contents)).toHaveCount(0);
    await expect(drawer.getByRole('alert').filter({ hasText: s.crud.form.fixErrors })).toHaveCount(0);
  });

  test('numbers out of their rule are refused with the format and left as typed', async ({ page }) => {
    const drawer = await newGift(page);
    await button(drawer, s.crud.action.save).click();
    const name = itemOf(drawer, (scope) => languageBox(scope, s.gifts.name, '简体中文'));
    await expect(errorsOf(name)).toContainText('此项为必填项');
    // Filling the name takes its "required" away before any new save.
    await drawer.getByLabel('简体中文').fill('数量检查');
    await expect(errorsOf(name)).toHaveCount(0);

    const quantity = drawer.getByLabel(`${s.gifts.quantity} 1`);
    await quantity.fill('-5');
    const limit = drawer.locator('#per_player_limit');
    await limit.fill('1.5');
    await limit.blur();
    // Nothing is clamped or rounded on the way out of the field.
    await expect(quantity).toHaveValue('-5');
    await expect(limit).toHaveValue('1.5');

    await button(drawer, s.crud.action.save).click();
    await expect(errorsOf(itemOf(drawer, byLabel(`${s.gifts.quantity} 1`)))).toHaveText(
      '请输入 1 到 2,000,000,000 之间的整数',
    );
    await expect(errorsOf(itemOf(drawer, (p) => p.locator('#per_player_limit')))).toHaveText(
      '请输入 0 到 1,000,000 之间的整数',
    );
    await expect(quantity).toHaveValue('-5');
    await expect(limit).toHaveValue('1.5');
    await expect(drawer).toBeVisible();
  });

  test('closing a form with unsaved input asks first; an untouched one closes at once', async ({ page }) => {
    let drawer = await newGift(page);
    await button(drawer, s.crud.action.cancel).click();
    await expect(drawer).toBeHidden();

    await button(page, s.crud.action.create).click();
    drawer = openDrawer(page);
    await drawer.getByLabel('English').fill('Half-typed gift');
    await button(drawer, s.crud.action.cancel).click();
    await expect(confirmDialog(page)).toContainText(s.crud.form.discardTitle);
    await button(confirmDialog(page), s.crud.form.keepEditing).click();
    await expect(confirmDialog(page)).toHaveCount(0);
    await expect(drawer.getByLabel('English')).toHaveValue('Half-typed gift');

    // Escape and the close button ask too.
    await page.keyboard.press('Escape');
    await expect(confirmDialog(page)).toBeVisible();
    await button(confirmDialog(page), s.crud.form.keepEditing).click();
    await expect(confirmDialog(page)).toHaveCount(0);
    await drawer.locator('.ant-drawer-close').click();
    await button(confirmDialog(page), s.crud.form.discard).click();
    await expect(drawer).toBeHidden();
  });

  test('error codes: Chinese is optional, and a wrong placeholder names and marks its language only', async ({
    page,
  }) => {
    await signIn(page, 'admin', 'zh', '/main/basic/error-code');
    await button(page, s.crud.action.create).click();
    const drawer = openDrawer(page);
    await expect(drawer.getByLabel('简体中文')).toHaveAttribute('placeholder', s.crud.multilang.optional);
    await drawer.locator('#code').fill(`FORM${Date.now().toString(36)}`);
    await drawer.locator('#module').fill('e2e');
    await drawer.locator('#default_text').fill('请等待 {0} 秒');
    await drawer.getByLabel('English').fill('Please wait {0} seconds.');
    await drawer.getByLabel('日本語').fill('しばらくお待ちください。');
    await button(drawer, s.crud.action.save).click();

    const texts = itemOf(drawer, (scope) => languageBox(scope, s.errorCodes.texts, 'English'));
    await expect(errorsOf(texts)).toContainText('日本語');
    await expect(drawer.getByLabel('日本語')).toHaveAttribute('aria-invalid', 'true');
    await expect(drawer.getByLabel('日本語')).toHaveClass(/status-error/);
    for (const other of ['English', '简体中文', 'ไทย']) {
      await expect(drawer.getByLabel(other)).not.toHaveClass(/status-error/);
    }
    await drawer.getByLabel('日本語').fill('{0} 秒お待ちください。');
    await expect(errorsOf(texts)).toHaveCount(0);
    await button(drawer, s.crud.action.save).click();
    await expect(drawer).toBeHidden({ timeout: 20_000 });
  });
});
