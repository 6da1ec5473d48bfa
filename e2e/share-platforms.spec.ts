import { expect, test, type Locator } from '@playwright/test';
import { png } from '../apps/server/test/images.ts';
import { pickVariant } from '../packages/contracts/src/share.ts';
import { switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import {
  ARABIC_PHONE,
  CHINESE_WIDE,
  button,
  fieldError,
  fitsAndPasses,
  openDrawer,
  rowOf,
  spaced,
} from './support/ui.ts';
import { api } from './support/api.ts';

// A platform's four share pages as staff use them: an image (a wrong ratio refused by the server
// with the platform's rule, then one of another ratio cropped to the platform's size), a card (its
// image of another ratio cropped, a missing title, then a right one), a
// strategy (no name and an empty variant key, then two weighted variants), a tracked link (a
// javascript: target, then an https one, whose short link counts a click). On a domestic platform
// (WeChat, the domestic admin) and an overseas one (Facebook, the overseas operator), in Chinese at
// 1440 px and in Arabic at 390 px, with no serious axe finding and nothing wider than the screen.

test.use({ bypassCSP: true });
test.describe.configure({ timeout: 180_000 });

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
const PLATFORMS = {
  // 5:4, at least 500×400.
  wechat: {
    platform: 'wechat',
    user: 'admin',
    links: 'link-manage',
    wrong: [400, 400],
    right: [500, 400],
    // 2.5:1: cropped on the server to WeChat's 500×400.
    wide: [1000, 400],
    ratio: '1.25:1',
  },
  // 1.91:1, at least 1200×630.
  facebook: {
    platform: 'facebook',
    user: 'ops_hw',
    links: 'linkhw-manage',
    wrong: [800, 800],
    right: [1200, 630],
    // 2.5:1, larger than the platform: cropped and made 1200×630.
    wide: [2000, 800],
    ratio: '1.91:1',
  },
} as const;
const CASES = [
  { ...PLATFORMS.wechat, ...CHINESE_WIDE },
  { ...PLATFORMS.facebook, ...ARABIC_PHONE },
  { ...PLATFORMS.wechat, ...ARABIC_PHONE },
  { ...PLATFORMS.facebook, ...CHINESE_WIDE },
] as const;

/**
 * Uploads a PNG of these sides into the drawer's upload field and waits until the preview shows
 * the new file (not the one uploaded before it) at those sides.
 */
async function upload(drawer: Locator, sides: readonly [number, number]) {
  const preview = drawer.locator('.rx-file-upload__preview img');
  const before = (await preview.count()) ? await preview.getAttribute('src') : null;
  await drawer.locator('.rx-file-upload input[type=file]').setInputFiles({
    name: `share-${sides[0]}x${sides[1]}.png`,
    mimeType: 'image/png',
    buffer: png(...sides),
  });
  await expect.poll(() => preview.getAttribute('src'), { timeout: 30_000 }).toMatch(/^\/files\/[\w-]{16,}$/);
  await expect.poll(() => preview.getAttribute('src'), { timeout: 30_000 }).not.toBe(before);
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => `${img.naturalWidth}x${img.naturalHeight}`))
    .toBe(`${sides[0]}x${sides[1]}`);
}

for (const c of CASES) {
  test(`${c.platform}: images, cards, strategies and links (${c.lang}, ${c.width} px)`, async ({
    page,
    request,
  }) => {
    const s = localeStrings('share', c.lang) as Record<string, any>;
    const crud = localeStrings('crud', c.lang) as Record<string, any>;
    const tag = `${c.lang}${Date.now().toString(36)}`;
    const base = `/main/share/app-share-manage/${c.platform}`;
    await page.setViewportSize({ width: c.width, height: c.width > 500 ? 900 : 844 });
    await signIn(page, c.user, 'zh', `${base}/image-manage`);
    // The overseas operator reads English by default: every case picks its language in the header.
    if (c.user !== 'admin' || c.lang !== 'zh') await switchLanguage(page, c.name, c.html, c.dir);

    // ——— Images: the platform's rules on screen; a wrong ratio refused by the server; a right one.
    await expect(page.getByText(s.constraints.title)).toBeVisible();
    await button(page, crud.action.create).first().click();
    let drawer = openDrawer(page);
    await drawer.locator('#name').fill(`img ${tag}`);
    await upload(drawer, c.wrong);
    await button(drawer, crud.action.save).click();
    await expect(fieldError(drawer)).toContainText(c.ratio);
    await expect(drawer.getByRole('alert').filter({ hasText: crud.form.fixErrors })).toBeVisible();
    // Too small for the platform: said before saving.
    await expect(drawer.getByRole('alert').filter({ hasText: `${c.right[0]}×${c.right[1]}` })).toBeVisible();
    // Of another ratio but large enough: a crop box, moved with the keyboard, made the platform's size.
    await upload(drawer, c.wide);
    const box = drawer.getByTestId('share-crop-box');
    await expect(box).toBeVisible();
    await fitsAndPasses(page, c.dir);
    await box.focus();
    await page.keyboard.press('Shift+ArrowRight');
    await drawer.getByTestId('share-crop-submit').click();
    await expect
      .poll(() =>
        drawer
          .locator('.rx-file-upload__preview img')
          .evaluate((img: HTMLImageElement) => `${img.naturalWidth}x${img.naturalHeight}`),
      )
      .toBe(`${c.right[0]}x${c.right[1]}`);
    await expect(box).toBeHidden();
    await button(drawer, crud.action.save).click();
    await expect(drawer).toBeHidden({ timeout: 30_000 });
    await expect(rowOf(page, `img ${tag}`)).toContainText(`${c.right[0]}×${c.right[1]}`);
    await fitsAndPasses(page, c.dir);

    // ——— Cards: an image of another ratio cropped to the platform's size in the card's own crop
    // box; no title refused; then a title.
    await page.goto(`${base}/card-manage`);
    await button(page, crud.action.create).first().click();
    drawer = openDrawer(page);
    await upload(drawer, c.wide);
    const cardBox = drawer.getByTestId('share-crop-box');
    await expect(cardBox).toBeVisible();
    await fitsAndPasses(page, c.dir);
    await drawer.getByTestId('share-crop-submit').click();
    await expect
      .poll(() =>
        drawer
          .locator('.rx-file-upload__preview img')
          .evaluate((img: HTMLImageElement) => `${img.naturalWidth}x${img.naturalHeight}`),
      )
      .toBe(`${c.right[0]}x${c.right[1]}`);
    await expect(cardBox).toBeHidden();
    await button(drawer, crud.action.save).click();
    await expect(fieldError(drawer)).toBeVisible();
    await drawer.locator('#title').fill(`card ${tag}`);
    await drawer.locator('#path').fill('pages/index/index?from=share');
    await button(drawer, crud.action.save).click();
    await expect(drawer).toBeHidden({ timeout: 30_000 });
    await expect(rowOf(page, `card ${tag}`)).toHaveCount(1);
    await fitsAndPasses(page, c.dir);

    // ——— Strategies: no name and an empty variant key refused; then two weighted variants.
    await page.goto(`${base}/strategy-manage`);
    await button(page, crud.action.create).first().click();
    drawer = openDrawer(page);
    await expect(drawer.getByLabel(s.strategies.key.replace('{{n}}', '1'))).toBeVisible();
    await drawer.getByLabel(s.strategies.key.replace('{{n}}', '1')).fill('');
    await button(drawer, crud.action.save).click();
    await expect(fieldError(drawer)).toBeVisible();
    await drawer.locator('#name').fill(`strategy ${tag}`);
    await drawer.getByLabel(s.strategies.key.replace('{{n}}', '1')).fill('a');
    await drawer.getByLabel(s.strategies.variantTitle.replace('{{n}}', '1')).fill('Come play A');
    await drawer.getByRole('button', { name: s.strategies.addVariant }).click();
    await drawer.getByLabel(s.strategies.key.replace('{{n}}', '2')).fill('b');
    await drawer.getByLabel(s.strategies.weight.replace('{{n}}', '2')).fill('3');
    await drawer.getByLabel(s.strategies.variantTitle.replace('{{n}}', '2')).fill('Come play B');
    await button(drawer, crud.action.save).click();
    await expect(drawer).toBeHidden({ timeout: 30_000 });
    const strategy = rowOf(page, `strategy ${tag}`);
    await expect(strategy).toContainText('a 25%');
    await expect(strategy).toContainText('b 75%');
    await fitsAndPasses(page, c.dir);

    // Its detail page: both variants with their shares, and the variant a player gets (the game's).
    await strategy.getByTestId('share-strategy-detail').click();
    await expect(page).toHaveURL(new RegExp(`${base}/strategy-manage/\\d+$`));
    const strategyId = Number(new URL(page.url()).pathname.split('/').pop());
    const variants = page.getByTestId('share-strategy-variants').locator('tbody tr.ant-table-row');
    await expect(variants).toHaveCount(2);
    await expect(variants.nth(1)).toContainText('75%');
    const openid = `player-${tag}`;
    await page.getByLabel(s.strategies.tryOpenid).fill(openid);
    const expected = pickVariant(
      [
        { key: 'a', weight: 1 },
        { key: 'b', weight: 3 },
      ],
      openid,
      strategyId,
    )!;
    await expect(page.getByTestId('share-strategy-picked')).toContainText(
      `Come play ${expected.key.toUpperCase()}`,
    );
    await fitsAndPasses(page, c.dir);

    // ——— Links: a javascript: target refused; an https one saved, its short link counts a click.
    await page.goto(`${base}/${c.links}`);
    await button(page, crud.action.create).first().click();
    drawer = openDrawer(page);
    await drawer.locator('#name').fill(`link ${tag}`);
    await drawer.locator('#target_url').fill('javascript:alert(1)');
    await button(drawer, crud.action.save).click();
    await expect(fieldError(drawer)).toBeVisible();
    await drawer.locator('#target_url').fill('https://example.com/play');
    await drawer.locator('#campaign').fill(`c${tag}`);
    await button(drawer, crud.action.save).click();
    await expect(drawer).toBeHidden({ timeout: 30_000 });
    const link = rowOf(page, `link ${tag}`);
    const short = (await link.locator('text=/\\/s\\/[\\w-]+/').first().textContent())!.trim();
    const clicked = await request.get(short, { maxRedirects: 0 });
    expect(clicked.status()).toBe(302);
    expect(clicked.headers().location).toMatch(/^https:\/\/example\.com\/play\?/);
    await page.reload();
    await expect(rowOf(page, `link ${tag}`)).toHaveCount(1);
    const counted = await page.locator('.rx-data-table thead th').allTextContents();
    const clicksAt = counted.findIndex((text) => text.includes(s.links.clicks));
    expect(clicksAt).toBeGreaterThan(-1);
    await expect(rowOf(page, `link ${tag}`).locator('td').nth(clicksAt)).toHaveText('1');
    await fitsAndPasses(page, c.dir);

    // Its detail page: the short link with its QR code, the click counted today, on a desktop.
    await rowOf(page, `link ${tag}`).getByTestId('share-link-detail').click();
    await expect(page).toHaveURL(new RegExp(`${base}/${c.links}/\\d+$`));
    await expect(page.getByTestId('share-link-short')).toContainText(short);
    await expect(page.getByLabel(s.links.qr)).toBeVisible();
    await expect(page.getByTestId('share-link-total-clicks')).toHaveText('1');
    await expect(page.getByTestId('share-link-total-desktop')).toHaveText('1');
    const today = new Date().toISOString().slice(0, 10);
    await expect(page.getByTestId('share-link-days').locator('tr').filter({ hasText: today })).toBeVisible();
    await fitsAndPasses(page, c.dir);
  });
}

// The share platforms page: a game's set-up of a platform, a wrong form (a link domain that is an
// address) then a right one with an app secret the page never shows again; domestic admin in
// Chinese at 1440 px, overseas operator in Arabic at 390 px.
for (const c of [
  { user: 'admin', platform: 'qq', lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文', width: 1440 },
  { user: 'ops_hw', platform: 'line', lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية', width: 390 },
] as const) {
  test(`share platforms: set up ${c.platform} with a sealed secret (${c.lang}, ${c.width} px)`, async ({
    page,
  }) => {
    const s = localeStrings('share', c.lang) as Record<string, any>;
    const crud = localeStrings('crud', c.lang) as Record<string, any>;
    const menu = localeStrings('menu', c.lang) as Record<string, any>;
    const secret = `sec-${Date.now().toString(36)}-do-not-show`;
    await page.setViewportSize({ width: c.width, height: c.width > 500 ? 900 : 844 });
    await signIn(page, c.user, 'zh', '/main/basic/share-platform');
    if (c.user !== 'admin' || c.lang !== 'zh') await switchLanguage(page, c.name, c.html, c.dir);
    // A run's retry starts from no set-up of this platform for the game.
    const existing = await api<{ list: { id: number; platform: string }[] }>(
      page,
      'GET',
      `/share-platforms?platform=${c.platform}`,
    );
    for (const row of existing.list) await api(page, 'DELETE', `/share-platforms/${row.id}`);
    await page.reload();

    await button(page, crud.action.create).first().click();
    const drawer = openDrawer(page);
    // The list of sixteen is virtual: typing the name finds it.
    const label = menu[c.platform === 'qq' ? 'group.qq' : 'group.line'] as string;
    await drawer.locator('#platform').click();
    await drawer.locator('#platform').fill(label);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: label })
      .first()
      .click();
    await drawer.locator('#app_id').fill('app-12345');
    await drawer.locator('#app_secret').fill(secret);
    await drawer.locator('#link_domains').fill('https://share.example.com/x');
    await drawer.locator('#link_domains').press('Enter');
    await button(drawer, crud.action.save).click();
    await expect(fieldError(drawer)).toBeVisible();
    // Put right: the host name only.
    await drawer.locator('.ant-select-selection-item-remove').first().click();
    await drawer.locator('#link_domains').fill('share.example.com');
    await drawer.locator('#link_domains').press('Enter');
    await button(drawer, crud.action.save).click();
    await expect(drawer).toBeHidden({ timeout: 30_000 });
    const row = rowOf(page, 'app-12345');
    await expect(row).toContainText(s.platforms.secretSet);
    await expect(row).toContainText('share.example.com');
    await expect(page.locator('body')).not.toContainText(secret);
    await fitsAndPasses(page, c.dir);

    // Editing it: the secret field starts empty and says one is kept.
    await row.getByRole('button', { name: spaced(crud.action.edit) }).click();
    const edit = openDrawer(page);
    await expect(edit.locator('#app_secret')).toHaveValue('');
    await expect(edit).toContainText(s.platforms.secretKeep);
    await expect(edit.locator('#platform')).toBeDisabled();
  });
}

// TikTok's multi-image posts (an overseas platform's extra page): a post with one image wrong (a
// panorama, outside 1/2.2…2.2) refused on that image, then right; in Arabic at 390 px and Chinese
// at 1440 px, axe.
for (const c of [ARABIC_PHONE, CHINESE_WIDE] as const) {
  test(`tiktok multi-image posts (${c.lang}, ${c.width} px)`, async ({ page }) => {
    const s = localeStrings('share', c.lang) as Record<string, any>;
    const crud = localeStrings('crud', c.lang) as Record<string, any>;
    const tag = `${c.lang}${Date.now().toString(36)}`;
    await page.setViewportSize({ width: c.width, height: c.width > 500 ? 900 : 844 });
    await signIn(page, 'ops_hw', 'zh', '/main/share/app-share-manage/tiktok/multi-image-manage');
    await switchLanguage(page, c.name, c.html, c.dir);
    await expect(page.getByText(s.constraints.title)).toBeVisible();
    await button(page, crud.action.create).first().click();
    const drawer = openDrawer(page);
    await drawer.locator('#name').fill(`post ${tag}`);
    const uploadAt = async (i: number, sides: readonly [number, number]) => {
      const field = drawer.locator('.rx-file-upload').nth(i);
      await field.locator('input[type=file]').setInputFiles({
        name: `p${i}.png`,
        mimeType: 'image/png',
        buffer: png(...sides),
      });
      await expect
        .poll(
          () =>
            field
              .locator('.rx-file-upload__preview img')
              .evaluate((img: HTMLImageElement) => img.naturalWidth),
          {
            timeout: 30_000,
          },
        )
        .toBe(sides[0]);
    };
    await uploadAt(0, [720, 1280]);
    await uploadAt(1, [1600, 400]);
    await button(drawer, crud.action.save).click();
    await expect(fieldError(drawer)).toContainText('0.45:1');
    await uploadAt(1, [1280, 720]);
    await button(drawer, crud.action.save).click();
    await expect(drawer).toBeHidden({ timeout: 30_000 });
    await expect(rowOf(page, `post ${tag}`)).toContainText('2');
    await fitsAndPasses(page, c.dir);
  });
}

// Douyin's share words (a domestic platform's extra page): words too long with their hashtags
// refused, then right; Chinese at 1440 px and Arabic at 390 px, axe.
for (const c of [CHINESE_WIDE, ARABIC_PHONE] as const) {
  test(`douyin share words (${c.lang}, ${c.width} px)`, async ({ page }) => {
    const crud = localeStrings('crud', c.lang) as Record<string, any>;
    const tag = `${c.lang}${Date.now().toString(36)}`;
    await page.setViewportSize({ width: c.width, height: c.width > 500 ? 900 : 844 });
    await signIn(page, 'admin', 'zh', '/main/share/app-share-manage/douyin/words-materials-manage');
    if (c.lang !== 'zh') await switchLanguage(page, c.name, c.html, c.dir);
    await button(page, crud.action.create).first().click();
    const drawer = openDrawer(page);
    // 50 characters and a 10-character hashtag: past Douyin's 55 together.
    await drawer.locator('#text').fill(`${tag} ${'字'.repeat(50 - tag.length - 1)}`);
    await drawer.locator('#hashtags').fill('newgame123');
    await drawer.locator('#hashtags').press('Enter');
    await button(drawer, crud.action.save).click();
    await expect(fieldError(drawer)).toContainText('55');
    await drawer.locator('#text').fill(`${tag} 一起来修仙`);
    await button(drawer, crud.action.save).click();
    await expect(drawer).toBeHidden({ timeout: 30_000 });
    await expect(rowOf(page, tag)).toContainText('#newgame123');
    await fitsAndPasses(page, c.dir);
  });
}
