import { expect, test, type Page } from '@playwright/test';
import { VALIDATION_MESSAGES } from '../packages/contracts/src/validation.ts';
import { png } from '../apps/server/test/images.ts';
import { api } from './support/api.ts';
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
} from './support/ui.ts';

// The material library and the material effect report: an image uploaded, the same file again
// refused by its MD5 with the reason on the field, the material labelled; used by an ad group of a
// simulated Toutiao advertiser whose days were pulled, it gets its share of the spend in the effect
// report. In Chinese at 1440 px, then both pages in Arabic at 390 px, with no serious axe finding.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

test.use({ bypassCSP: true });

const LIBRARY = '/main/rxlaunch/rxlaunch-fe/deliver-manage/material-library';
const EFFECTS = '/main/rxlaunch/rxlaunch-fe/deliver-manage/material-attribution';
const AGENT = 951;

/** `YYYY-MM-DD` in Beijing time, `offset` days from today. */
const beijingDay = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );

/** A simulated Toutiao advertiser with its ad groups mirrored and its last seven days pulled. */
async function advertiserWithDays(page: Page): Promise<number> {
  const { state } = await api<{ state: string }>(page, 'POST', '/ad-accounts/authorize?media=jrtt', {});
  await api(page, 'POST', '/ad-accounts/authorize/callback?media=jrtt', {
    code: `fake-agent-${AGENT}`,
    state,
  });
  const { list } = await api<{ list: { id: number; account_id: string }[] }>(
    page,
    'GET',
    '/ad-reports/accounts?media=jrtt',
  );
  const advertiser = list.find((a) => a.account_id === `jrtt-agent-${AGENT}-1`)!;
  await api(page, 'POST', '/ad-objects/sync?media=jrtt', { ad_account_id: advertiser.id });
  const { job_id } = await api<{ job_id: number }>(page, 'POST', '/ad-reports/pull?media=jrtt', {
    from: beijingDay(-7),
    to: beijingDay(-1),
    ad_account_id: advertiser.id,
  });
  await expect
    .poll(async () => (await api<{ status: string }>(page, 'GET', `/jobs/${job_id}`)).status, {
      timeout: 60_000,
    })
    .toBe('succeeded');
  return advertiser.id;
}

test('material library: upload, MD5 duplicate refused, label, effect estimate (zh 1440, ar 390)', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const m: Strings = localeStrings('adMaterials', 'zh');
  const crud: Strings = localeStrings('crud', 'zh');
  await page.setViewportSize({ width: CHINESE_WIDE.width, height: 900 });
  await signIn(page, 'admin', 'zh');
  const stamp = Date.now().toString(36);
  const labelText = `E2E标签${stamp}`;
  await api(page, 'POST', '/ad-labels', { text: labelText });
  await advertiserWithDays(page);

  // Upload an image of its own (its bytes differ from every other run's).
  const bytes = png(40 + (Date.now() % 400), 30 + (Date.now() % 7), [Date.now() % 256, 90, 160, 255]);
  const file = { name: `e2e-${stamp}.png`, mimeType: 'image/png', buffer: bytes };
  const name = `E2E素材${stamp}`;
  await page.goto(LIBRARY);
  await button(page, crud.action.create).click();
  let drawer = openDrawer(page);
  await drawer.locator('.rx-file-upload input[type=file]').setInputFiles(file);
  await expect(drawer.locator('.rx-file-upload__preview img')).toBeVisible();
  await drawer.getByLabel(m.name, { exact: true }).fill(name);
  await button(drawer, crud.action.save).click();
  await expect(drawer).toBeHidden();
  const row = rowOf(page, name);
  await expect(row).toHaveCount(1);

  // The same file again: refused by its MD5, the reason on the field, nothing added.
  await button(page, crud.action.create).click();
  drawer = openDrawer(page);
  await drawer.locator('.rx-file-upload input[type=file]').setInputFiles(file);
  await expect(drawer.locator('.rx-file-upload__preview img')).toBeVisible();
  await drawer.getByLabel(m.name, { exact: true }).fill(`${name}again`);
  await button(drawer, crud.action.save).click();
  await expect(fieldError(drawer)).toHaveText(VALIDATION_MESSAGES.material_duplicate.zh);
  await fitsAndPasses(page, 'ltr');
  await button(drawer, crud.action.cancel).click();
  await button(page.locator('.ant-modal-confirm:visible'), crud.form.discard).click();
  await expect(drawer).toBeHidden();
  await expect(rowOf(page, `${name}again`)).toHaveCount(0);

  // Labelled.
  await button(row, crud.action.edit).click();
  drawer = openDrawer(page);
  await drawer.getByLabel(m.labels, { exact: true }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: labelText }).click();
  await drawer.getByLabel(m.name, { exact: true }).click();
  await button(drawer, crud.action.save).click();
  await expect(drawer).toBeHidden();
  await expect(row).toContainText(labelText);

  // Used by one of the advertiser's ad groups: its share of the account's days is its estimate.
  const material = (
    await api<{ list: { id: number; version: number }[] }>(page, 'GET', `/ad-materials?q=${stamp}`)
  ).list[0]!;
  const groups = (
    await api<{ list: { ad_object_id: number }[] }>(
      page,
      'GET',
      `/ad-materials/ad-choices?q=jrtt-agent-${AGENT}-1-g1`,
    )
  ).list;
  expect(groups.length).toBeGreaterThan(0);
  await api(page, 'PUT', `/ad-materials/${material.id}/ads`, {
    ad_object_ids: [groups[0]!.ad_object_id],
    version: material.version,
  });
  const effects = await api<{ list: { cost: number; ad_count: number }[] }>(
    page,
    'GET',
    `/ad-material-effects?q=${stamp}&from=${beijingDay(-30)}&to=${beijingDay(-1)}`,
  );
  expect(effects.list[0]!.ad_count).toBe(1);
  expect(effects.list[0]!.cost).toBeGreaterThan(0);
  await page.goto(`${EFFECTS}?q=${stamp}`);
  const effect = rowOf(page, name);
  await expect(effect).toHaveCount(1);
  await expect(effect).not.toContainText('—');
  await fitsAndPasses(page, 'ltr');

  // Arabic on a phone: both pages read right to left and fit.
  await switchLanguage(page, ARABIC_PHONE.name, ARABIC_PHONE.html, ARABIC_PHONE.dir);
  await page.setViewportSize({ width: ARABIC_PHONE.width, height: 844 });
  await page.goto(`${LIBRARY}?q=${stamp}`);
  await expect(rowOf(page, name)).toHaveCount(1);
  await fitsAndPasses(page, 'rtl');
  await page.goto(`${EFFECTS}?q=${stamp}`);
  await expect(rowOf(page, name)).toHaveCount(1);
  await fitsAndPasses(page, 'rtl');
});
