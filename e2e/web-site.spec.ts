import { expect, test, type Page } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { gameCall, newGameKey } from './support/game.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';

// The web recharge site's activities, configuration and protocols: an operator of the overseas CP
// makes a cumulative activity with two tiers and publishes it, edits the site's configuration,
// writes and publishes the terms, and a game server reads them through the signed game API; in
// Arabic at phone width the three pages read right to left, fit and have no serious axe finding.

test.use({ bypassCSP: true });
test.describe.configure({ timeout: 150_000 });

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
const en = {
  ws: localeStrings('webSite', 'en') as Record<string, any>,
  crud: localeStrings('crud', 'en') as Record<string, any>,
};

const ACTIVITIES = '/main/newrxlaunch/payment-hw/activity-config';
const SITE = '/main/newrxlaunch/payment-hw/website-basic-config';
const drawer = (page: Page) => page.locator('.ant-drawer-section:visible').last();
const rows = (page: Page) => page.locator('.rx-data-table tbody tr.ant-table-row');
const option = (page: Page, text: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first();

/** A new overseas game of the signed-in operator's CP with two gift packages, chosen in the header. */
async function overseasGame(page: Page, code: string): Promise<{ gifts: string[] }> {
  await api(page, 'POST', '/products', { code, name: `Web site ${code}`, region: 'hw', platforms: ['web'] });
  await page.evaluate(async (wanted) => {
    const info = JSON.parse(localStorage.getItem('rx-console:user-info') ?? 'null') as {
      access_token: string;
    };
    const answer = await fetch('/api/v1/acs/cp/products', {
      headers: { Authorization: `Bearer ${info.access_token}` },
    });
    const products = (await answer.json()).data as { id: number; code: string }[];
    localStorage.setItem(
      'rx-console:product-id',
      JSON.stringify(products.find((p) => p.code === wanted)!.id),
    );
  }, code);
  const prop = await api<{ id: number }>(page, 'POST', '/props', {
    code: `gem_${code}`,
    name: { zh: '钻石', en: 'Gem' },
    type: 'currency',
    rarity: 'common',
  });
  const gifts = [`Starter ${code}`, `Big pack ${code}`];
  for (const [i, name] of gifts.entries()) {
    await api(page, 'POST', '/gift-packages', {
      name: { zh: name, en: name },
      contents: [{ prop_id: prop.id, quantity: 100 * (i + 1) }],
    });
  }
  await page.reload();
  return { gifts };
}

async function pickGift(page: Page, label: string, gift: string): Promise<void> {
  const form = drawer(page);
  await form.getByLabel(label).click();
  await page.keyboard.type(gift.split(' ')[0]!);
  await option(page, gift).click();
}

async function fitsWidth(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('an activity with tiers, the site configuration, and the terms published and read by the game', async ({
  page,
  request,
}) => {
  const id = Date.now().toString(36);
  await signIn(page, 'ops_hw', 'en');
  const { gifts } = await overseasGame(page, `wsite${id}`);

  // A cumulative activity in USD with two tiers, then published.
  await page.goto(ACTIVITIES);
  await page.getByRole('button', { name: en.crud.action.create }).first().click();
  const form = drawer(page);
  const name = `Spend ${id}`;
  await form.getByLabel('简体中文').fill(`累充 ${id}`);
  await form.getByLabel('English').fill(name);
  await expect(form.getByTestId('tier-editor')).toBeVisible();
  await pickGift(page, `${en.ws.activity.gift} 1`, gifts[0]!);
  await form.getByRole('button', { name: en.ws.activity.addTier }).click();
  await form.getByLabel(`${en.ws.activity.threshold} 2`).fill('5000');
  await pickGift(page, `${en.ws.activity.gift} 2`, gifts[1]!);
  await form.getByRole('button', { name: en.crud.action.save }).click();
  await expect(form).toBeHidden({ timeout: 20_000 });
  const row = rows(page).filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(en.ws.statuses.draft);
  await expect(row).toContainText(gifts[1]!);
  await row.getByRole('button', { name: en.ws.actions.publish }).click();
  await page.locator('.ant-popover:visible .ant-btn-primary').click();
  await expect(row).toContainText(en.ws.statuses.live);
  const listed = await api<{
    list: { name: { en: string }; status: string; tiers: { threshold: number }[] }[];
  }>(page, 'GET', '/web-activities?page_size=50');
  const made = listed.list.find((a) => a.name.en === name)!;
  expect(made.status).toBe('live');
  expect(made.tiers.map((t) => t.threshold)).toEqual([1000, 5000]);

  // The site configuration: a domain, PayPal on, Japanese offered; saved (version 1).
  await page.goto(SITE);
  const site = page.getByTestId('site-form');
  await expect(site).toBeVisible();
  await site.getByLabel(en.ws.site.domains).fill(`pay-${id}.example.com`);
  await page.keyboard.press('Enter');
  await site.getByRole('switch', { name: 'PayPal' }).click();
  await site.getByLabel(en.ws.site.languages).click();
  await option(page, '日本語').click();
  await page.keyboard.press('Escape');
  await site.locator('#support_email').fill(`help-${id}@example.com`);
  await page.getByTestId('site-save').click();
  await expect(page.locator('.ant-message')).toContainText(en.crud.action.saved);
  const saved = await api<{
    version: number;
    domains: string[];
    languages: string[];
    payment_methods: { method: string; enabled: boolean }[];
  }>(page, 'GET', '/web-site');
  expect(saved.version).toBe(1);
  expect(saved.domains).toEqual([`pay-${id}.example.com`]);
  expect(saved.languages).toEqual(['en', 'ja']);
  expect(saved.payment_methods.find((m) => m.method === 'paypal')?.enabled).toBe(true);

  // The terms in English, from the protocol list: a draft, then published.
  await page.getByTestId('edit-terms-en').click();
  await expect(page).toHaveURL(/protocol-edit\?kind=terms&language=en/);
  const protocol = page.getByTestId('protocol-form');
  await protocol.locator('#title').fill('Terms of service');
  await protocol.getByLabel(`${en.ws.protocols.body} (English)`).click();
  await page.keyboard.type(`Top-ups are final ${id}.`);
  await page.getByTestId('protocol-save').click();
  await expect(page.locator('.ant-message')).toContainText(en.ws.protocols.draftSaved);
  await expect(page.getByTestId('protocol-publish')).toBeEnabled();
  await page.getByTestId('protocol-publish').click();
  await page.locator('.ant-popover:visible .ant-btn-primary').click();
  await expect(page.locator('.ant-message')).toContainText(
    en.ws.protocols.publishedAs.replace('{{number}}', '1'),
  );
  await expect(page.locator('.ant-table-row').filter({ hasText: en.ws.versionStatus.published })).toHaveCount(
    1,
  );

  // A game server reads the site and the terms; Japanese has none, so the default (English) is served.
  const key = await newGameKey(page);
  const read = await gameCall<{
    domains: string[];
    protocols: { kind: string; language: string; number: number }[];
  }>(request, key, 'GET', '/api/game/v1/web-site');
  expect(read.code).toBe(0);
  expect(read.data.domains).toEqual([`pay-${id}.example.com`]);
  expect(read.data.protocols).toEqual([
    expect.objectContaining({ kind: 'terms', language: 'en', number: 1 }),
  ]);
  const terms = await gameCall<{ language: string; title: string; body: string }>(
    request,
    key,
    'GET',
    '/api/game/v1/web-protocols/terms?lang=ja',
  );
  expect(terms.code).toBe(0);
  expect(terms.data.language).toBe('en');
  expect(terms.data.title).toBe('Terms of service');
  expect(terms.data.body).toContain(`Top-ups are final ${id}.`);
});

test('in Arabic at 390 px the three pages read right to left, fit the screen and pass axe', async ({
  page,
}) => {
  const id = Date.now().toString(36);
  await signIn(page, 'ops_hw', 'en');
  await overseasGame(page, `wsar${id}`);
  const gift = (await api<{ list: { id: number }[] }>(page, 'GET', '/gift-packages')).list[0]!.id;
  await api(page, 'POST', '/web-activities', {
    // The overseas CP's default language (English) is the one a text must have.
    name: { zh: '首充', en: `First top-up ${id}`, ar: `الشحن الأول ${id}` },
    kind: 'first',
    tiers: [{ threshold: 0, gift_package_id: gift }],
    starts_at: new Date().toISOString(),
    ends_at: new Date(Date.now() + 86_400_000).toISOString(),
  });
  const draft = await api<{ version: number }>(page, 'PUT', '/web-protocols/privacy/ar/draft', {
    title: 'سياسة الخصوصية',
    body: '<p>نحفظ معرّف حسابك لتسليم المشتريات.</p>',
    version: 0,
  });
  await api(page, 'POST', '/web-protocols/privacy/ar/publish', { version: draft.version });
  await api(page, 'PUT', '/web-protocols/privacy/ar/draft', {
    title: 'سياسة الخصوصية',
    body: '<p>نحفظ معرّف حسابك وسجل الطلبات لتسليم المشتريات.</p>',
    version: 0,
  });

  await switchLanguage(page, 'العربية', 'ar', 'rtl');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(ACTIVITIES);
  await expect(rows(page).filter({ hasText: `الشحن الأول ${id}` })).toHaveCount(1);
  await fitsWidth(page);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(SITE);
  await expect(page.getByTestId('site-form')).toBeVisible();
  await fitsWidth(page);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/main/newrxlaunch/payment-hw/protocol-edit?kind=privacy&language=ar');
  const body = page.getByTestId('protocol-form').locator('[contenteditable]');
  await expect(body).toHaveAttribute('dir', 'rtl');
  await expect(body).toContainText('سجل الطلبات');
  await page.getByTestId('compare-a').click();
  await option(page, 'v1').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await page.getByTestId('compare-b').click();
  await option(page, 'v2').click();
  await expect(page.getByTestId('compare-diff')).toContainText('سجل الطلبات');
  await fitsWidth(page);
  expect(await seriousViolations(page)).toEqual([]);
});
