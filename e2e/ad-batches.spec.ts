import { expect, test, type Locator, type Page } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { localeStrings } from './support/layout.ts';
import { switchLanguage } from './support/built-pages.ts';
import { signIn } from './support/sign-in.ts';

// A medium's batch ads through the built-in fake medium (Kuaishou): a wrong then a right new batch,
// the job makes every ad, the ads drawer shows the medium's ids; in Chinese and Arabic, at 1440 and
// 390 px, with no serious axe finding.

test.use({ bypassCSP: true });

const PAGE = '/main/newrxlaunch/kuaishou-batch-ad';
const named = (text: string) => new RegExp(`(^|\\s)${[...text].join('\\s*')}\\s*$`);

async function authorize(page: Page, code: string) {
  const start = await api<{ state: string }>(page, 'POST', '/ad-accounts/authorize?media=kuaishou', {});
  await api(page, 'POST', '/ad-accounts/authorize/callback?media=kuaishou', { code, state: start.state });
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
for (const { lang, html, dir, name, agent } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文', agent: 71 },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية', agent: 72 },
] as const) {
  test(`ad batches: a wrong then a right batch, its ads (${lang})`, async ({ page }) => {
    const s = (localeStrings('ads', lang) as Record<string, any>).batches;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    await authorize(page, `fake-agent-${agent}`);
    const batchName = `e2e batch ${lang} ${Date.now().toString(36)}`;

    await page.goto(PAGE);
    await expect(page.locator('.ant-alert-info')).toBeVisible();
    await page.getByRole('button', { name: named(s.create) }).click();
    const dialog = page.getByRole('dialog');
    // Wrong: no account, no title.
    await dialog.getByLabel(s.columns.name).fill(batchName);
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible();
    // Right: this agent's first advertiser, two titles.
    await pickAccount(page, dialog.getByLabel(s.accounts), `kuaishou-agent-${agent}-1`);
    await page.keyboard.press('Escape');
    await dialog.getByLabel(s.titles).fill('新服开启送神宠\n登录有礼领好礼');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(dialog).toBeHidden();

    const row = page.locator('.rx-data-table tbody tr.ant-table-row').filter({ hasText: batchName });
    await expect(row).toContainText(s.statuses.succeeded, { timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);

    await row.getByRole('button', { name: named(s.viewAds) }).click();
    const drawer = page.locator('.ant-drawer');
    await expect(drawer.locator('tbody tr.ant-table-row')).toHaveCount(2);
    await expect(drawer.locator('tbody tr.ant-table-row').first()).toContainText('kuaishou-c');
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${PAGE}?q=${encodeURIComponent(batchName)}`);
    await expect(page.locator('.rx-data-table tbody tr.ant-table-row')).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

/** One advertiser from the accounts picker, found by typing its id as staff do among many. */
async function pickAccount(page: Page, box: Locator, accountId: string) {
  await box.click();
  await page.keyboard.type(accountId);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: accountId })
    .first()
    .click();
}

/** A 1280×720 PNG drawn in the page, uploaded, made a material: its id (a window's cover). */
async function coverMaterial(page: Page, name: string): Promise<number> {
  const fileId = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(1280, 720);
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = `rgb(${Math.floor(Math.random() * 255)}, 120, 60)`;
    ctx.fillRect(0, 0, 1280, 720);
    ctx.fillStyle = '#fff';
    ctx.fillText(String(Date.now()), 20, 40);
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    const form = new FormData();
    form.append('file', blob, 'cover.png');
    const read = (key: string) => JSON.parse(localStorage.getItem(`rx-console:${key}`) ?? 'null');
    const answer = await fetch('/api/v1/files?use=image', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${read('user-info').access_token}`,
        'X-Product-Id': String(read('product-id')),
      },
      body: form,
    });
    const envelope = (await answer.json()) as { code: number; data: { id: string }; msg: string };
    if (envelope.code !== 0) throw new Error(`upload: ${envelope.msg}`);
    return envelope.data.id;
  });
  return (await api<{ id: number }>(page, 'POST', '/ad-materials', { file_id: fileId, name })).id;
}

// Toutiao's batch editor: a window of the game as the landing target, shown on the drafts and kept
// by the batch made.
const EDITOR = '/main/newrxlaunch/jrtt/batch-ad-edit';
for (const { lang, html, dir, name, agent } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文', agent: 73 },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية', agent: 74 },
] as const) {
  test(`batch editor: ads landing on a window (${lang})`, async ({ page }) => {
    test.setTimeout(180_000);
    const s = localeStrings('ads', lang) as Record<string, any>;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    const start = await api<{ state: string }>(page, 'POST', '/ad-accounts/authorize?media=jrtt', {});
    await api(page, 'POST', '/ad-accounts/authorize/callback?media=jrtt', {
      code: `fake-agent-${agent}`,
      state: start.state,
    });
    const stamp = Date.now().toString(36);
    const windowName = `e2e window ${lang} ${stamp}`;
    const window = await api<{ id: number }>(page, 'POST', '/ad-windows', {
      name: windowName,
      media: 'jrtt',
      kind: 'h5',
      url: `https://xianxia.example.com/${stamp}`,
      material_id: await coverMaterial(page, `cover ${stamp}`),
    });

    await page.goto(EDITOR);
    const batchName = `e2e landing ${lang} ${stamp}`;
    await page.getByLabel(s.batches.columns.name).fill(batchName);
    await pickAccount(page, page.getByLabel(s.batches.accounts), `jrtt-agent-${agent}-1`);
    await page.keyboard.press('Escape');
    await page.getByLabel(s.batches.titles).fill('官网预约送好礼');
    await page.getByLabel(s.editor.window).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: windowName })
      .first()
      .click();
    await page.getByRole('button', { name: named(s.editor.preview) }).click();
    await expect(page.locator('.ant-alert-success')).toContainText(windowName);
    await expect(page.locator('.ant-alert-success')).toContainText(`https://xianxia.example.com/${stamp}`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: named(s.editor.submit) }).click();
    await expect(page).not.toHaveURL(new RegExp(`${EDITOR}$`));
    const made = await api<{
      list: { name: string; window_id: number | null; landing: { url: string } | null }[];
    }>(page, 'GET', `/ad-batches?media=jrtt&q=${encodeURIComponent(batchName)}`);
    expect(made.list[0]).toMatchObject({
      window_id: window.id,
      landing: { url: `https://xianxia.example.com/${stamp}` },
    });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(EDITOR);
    await expect(page.getByLabel(s.editor.window)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
