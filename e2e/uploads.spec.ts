import { expect, test, type Locator, type Page } from '@playwright/test';
import { FILE_MESSAGES } from '../packages/contracts/src/files.ts';
import { HTML, SVG, png } from '../apps/server/test/images.ts';
import { seriousViolations } from './support/axe.ts';
import { openPage, routeValues, switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { spaced } from './support/ui.ts';

// A prop's icon uploaded on its form: the preview shows the stored image, the saved prop shows it
// in the list; a file that is not an image is refused with a translated message (by the console
// before sending, by the server after reading the bytes). At 1440 and 390 px, in Chinese and in
// Arabic, with axe-core finding no serious violation on the form.

const PROPS = '/main/projectbase/projectbase-fe/game-prop-config';

async function openNewProp(page: Page, lang: 'zh' | 'ar'): Promise<Locator> {
  const crud = localeStrings('crud', lang);
  await page.goto(PROPS);
  await page.getByRole('button', { name: spaced(crud.action.create) }).click();
  const drawer = page.locator('.ant-drawer-section:visible').last();
  await expect(drawer.locator('.rx-file-upload')).toBeVisible({ timeout: 30_000 });
  return drawer;
}

const fileInput = (drawer: Locator) => drawer.locator('.rx-file-upload input[type=file]');
const preview = (drawer: Locator) => drawer.locator('.rx-file-upload__preview img');
const errorOf = (drawer: Locator) => drawer.locator('.rx-file-upload__error');

test.use({ bypassCSP: true });
test.describe.configure({ timeout: 120_000 });

const CASES = [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文', width: 1440 },
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文', width: 390 },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية', width: 1440 },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية', width: 390 },
] as const;

for (const { lang, html, dir, name, width } of CASES) {
  test(`a prop icon is uploaded with a preview, a wrong file is refused (${lang}, ${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    const drawer = await openNewProp(page, lang);

    // Refused by the console before sending: an SVG is never an image here.
    await fileInput(drawer).setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: SVG });
    await expect(errorOf(drawer)).toHaveText(
      FILE_MESSAGES.wrong_type[lang].replace('{types}', 'PNG, JPG, JPEG, GIF, WEBP'),
    );
    // Refused by the server, which reads the bytes: HTML named .png.
    await fileInput(drawer).setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: HTML });
    await expect(errorOf(drawer)).toHaveText(FILE_MESSAGES.not_image[lang], { timeout: 30_000 });
    await expect(preview(drawer)).toHaveCount(0);

    // A real PNG: uploaded, its address in the field, the preview shows the stored file.
    await fileInput(drawer).setInputFiles({ name: 'sword.png', mimeType: 'image/png', buffer: png(64, 64) });
    await expect(preview(drawer)).toHaveAttribute('src', /^\/files\/[\w-]{22}$/, { timeout: 30_000 });
    await expect(errorOf(drawer)).toHaveCount(0);
    const url = await preview(drawer).getAttribute('src');
    await expect(
      drawer.locator('.rx-file-upload input[type=text], .rx-file-upload input:not([type])').first(),
    ).toHaveValue(url!);
    // The image really loaded (the public address serves it).
    await expect.poll(() => preview(drawer).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);

    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    expect(await seriousViolations(page)).toEqual([]);

    if (lang === 'zh' && width === 1440) {
      // Saved, the prop shows its icon in the list.
      const code = `up${Date.now().toString(36)}`;
      await drawer.locator('#code').fill(code);
      await drawer.getByLabel('简体中文').fill(`上传图标 ${code}`);
      await drawer.getByRole('button', { name: spaced(localeStrings('crud', 'zh').action.save) }).click();
      await expect(drawer).toBeHidden({ timeout: 30_000 });
      await page.goto(`${PROPS}?q=${code}`);
      const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: code });
      await expect(row).toHaveCount(1, { timeout: 30_000 });
      await expect(row.locator('.ant-avatar img')).toHaveAttribute('src', url!);
      await expect
        .poll(() => row.locator('.ant-avatar img').evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(64);
      expect(await seriousViolations(page)).toEqual([]);
    }
  });
}

test('the help-centre editor inserts an uploaded image', async ({ page }) => {
  const { editor } = localeStrings('crud');
  await signIn(page, 'admin', 'zh');
  const { product_id } = await routeValues(page);
  await openPage(page, `/projectbase/projectbase-fe/help-center/detail/${product_id}/0`);
  await page.getByRole('button', { name: editor.image }).click();
  const popover = page.locator('.ant-popover:visible');
  await popover
    .locator('.rx-file-upload input[type=file]')
    .setInputFiles({ name: 'map.png', mimeType: 'image/png', buffer: png(40, 30) });
  const address = page.getByRole('textbox', { name: editor.url });
  await expect(address).toHaveValue(/^\/files\/[\w-]{22}$/, { timeout: 30_000 });
  const url = await address.inputValue();
  await page.getByRole('textbox', { name: editor.alt }).fill('新手村地图');
  await popover.getByRole('button', { name: new RegExp(`^${[...editor.insert].join('\\s*')}$`) }).click();
  const image = page.locator('.rx-rich-text__area img');
  await expect(image).toHaveAttribute('src', url);
  await expect(image).toHaveAttribute('alt', '新手村地图');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);
});

test('gift-package and product icons are upload fields that still take an existing address', async ({
  page,
}) => {
  const crud = localeStrings('crud', 'zh');
  await signIn(page, 'admin', 'zh');
  for (const path of ['/main/basic/gift-list', '/main/basic/product-list']) {
    await page.goto(path);
    await page.getByRole('button', { name: spaced(crud.action.create) }).click();
    const drawer = page.locator('.ant-drawer-section:visible').last();
    const field = drawer.locator('.rx-file-upload');
    await expect(field).toBeVisible({ timeout: 30_000 });
    // An address typed in (an icon hosted elsewhere) is the value, and is what the preview shows.
    await field.getByRole('textbox').fill('https://cdn.example.com/icons/gift.png');
    await expect(field.locator('.rx-file-upload__preview img')).toHaveAttribute(
      'src',
      'https://cdn.example.com/icons/gift.png',
    );
    // An uploaded file replaces it with the stored image's address.
    await field
      .locator('input[type=file]')
      .setInputFiles({ name: 'g.png', mimeType: 'image/png', buffer: png(16, 16) });
    await expect(field.getByRole('textbox')).toHaveValue(/^\/files\/[\w-]{22}$/, { timeout: 30_000 });
    await page.keyboard.press('Escape');
  }
});
