import { expect, test, type Browser, type Page } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { gameCall, newGameKey } from './support/game.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { globalSearch, searchDialog } from './support/ui.ts';

// Beyond the anchors (issue 27): the home cockpit, the header's global search (Ctrl+K) and saved
// views of a list, walked as admin and as customer service, in Chinese and Arabic, and on a phone.

test.use({ bypassCSP: true });
// Journeys of several pages each: room for a busy two-core machine.
test.describe.configure({ timeout: 180_000 });

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
const LANGS = [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文' },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية' },
] as const;
type Lang = (typeof LANGS)[number];

const PROPS = '/projectbase/projectbase-fe/game-prop-config';
const PLAYER_FEEDBACK = '/service/feedbackConfig/feedback_player';

async function signInAs(page: Page, username: string, { lang, html, dir, name }: Lang) {
  await signIn(page, username, 'zh');
  if (lang !== 'zh') await switchLanguage(page, name, html, dir);
}

const cockpit = (page: Page) => page.locator('.rx-home__section[data-section="cockpit"]');
/** The cockpit's figure named `label` (its term), with its value. */
const tile = (page: Page, label: string) =>
  cockpit(page)
    .locator('.rx-cockpit__tile')
    .filter({ has: page.getByRole('term').getByText(label, { exact: true }) });

/** A new ticket of player feedback, submitted through the signed game API by the admin's game key. */
async function newTicket(browser: Browser, tag: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'admin', 'zh');
  await api(page, 'POST', '/feedback-types', { code: `gs_${tag}`, name: { zh: `搜索 ${tag}` } });
  const key = await newGameKey(page);
  const submitted = await gameCall<{ id: number }>(context.request, key, 'POST', '/api/game/v1/tickets', {
    kind: 'player',
    type: `gs_${tag}`,
    openid: `gs_player_${tag}`,
    content: `lost my sword ${tag}`,
  });
  expect(submitted.status).toBe(200);
  await context.close();
  return submitted.data.id;
}

for (const L of LANGS) {
  test(`admin: the cockpit, and a player found by the global search (${L.lang})`, async ({ page }) => {
    const home = localeStrings('home', L.lang) as Record<string, any>;
    const search = localeStrings('search', L.lang) as Record<string, any>;
    await signInAs(page, 'admin', L);

    // The cockpit: each figure of the chosen game links to its page.
    for (const label of [
      home.cockpit.newPlayers,
      home.cockpit.revenue,
      home.cockpit.approvals,
      home.cockpit.jobs,
    ])
      await expect(tile(page, label)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await tile(page, home.cockpit.newPlayers).getByRole('link').click();
    await expect(page).toHaveURL(/\/main\/useraccount\/userManage\?sort=-created_at$/);

    // The global search: a demo player by openid, opened with the keyboard.
    const [player] = (await api<{ list: { openid: string }[] }>(page, 'GET', '/players?page_size=1')).list;
    await globalSearch(page, player!.openid);
    const option = searchDialog(page).getByRole('option').filter({ hasText: player!.openid });
    await expect(option).toContainText(search.kind.player);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/userOption/${player!.openid}$`));
    await expect(searchDialog(page)).toBeHidden();

    // Nothing found says so.
    await globalSearch(page, `nobody_${Date.now()}`);
    await expect(searchDialog(page)).toContainText(search.empty);
    await page.keyboard.press('Escape');
  });

  test(`admin: a shared saved view of a list, refused twice under one name, deleted (${L.lang})`, async ({
    page,
  }) => {
    const views = localeStrings('savedViews', L.lang) as Record<string, any>;
    await signInAs(page, 'admin', L);
    // A saved view of the props list: its filter and sort come back by name.
    const name = `${L.lang} view ${Date.now().toString(36)}`;
    await page.goto(`/main${PROPS}?q=sword&sort=-id`);
    await page.getByRole('button', { name: views.title }).click();
    await page.getByLabel(views.saveCurrent).fill(name);
    await page.getByRole('checkbox', { name: views.share }).check();
    await page.getByRole('button', { name: views.save }).click();
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto(`/main${PROPS}`);
    await page.getByRole('button', { name: views.title }).click();
    await page.getByRole('button', { name, exact: true }).click();
    await expect(page).toHaveURL(/[?&]q=sword/);
    await expect(page).toHaveURL(/[?&]sort=-id/);

    // The same name twice is refused, in the reader's language.
    await page.getByRole('button', { name: views.title }).click();
    await page.getByLabel(views.saveCurrent).fill(name);
    await page.getByRole('button', { name: views.save }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    // Deleting it.
    await page.getByRole('button', { name: views.delete.replace('{{name}}', name) }).click();
    await expect(page.getByRole('button', { name, exact: true })).toBeHidden();
  });

  test(`customer service: tickets in the cockpit, and a ticket by its number (${L.lang})`, async ({
    page,
    browser,
  }) => {
    const home = localeStrings('home', L.lang) as Record<string, any>;
    const search = localeStrings('search', L.lang) as Record<string, any>;
    const tag = `${L.lang}${Date.now().toString(36)}`;
    const id = await newTicket(browser, tag);
    await signInAs(page, 'cs_agent', L);

    // Only what customer service may open: the ticket queues, not players or payments.
    await expect(tile(page, home.cockpit.tickets.player)).toBeVisible();
    await expect(tile(page, home.cockpit.newPlayers)).toHaveCount(0);
    await expect(tile(page, home.cockpit.revenue)).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // A ticket by its number opens in its queue; staff are not theirs to find.
    await globalSearch(page, String(id));
    const option = searchDialog(page)
      .getByRole('option')
      .filter({ hasText: `#${id}` });
    await expect(option).toContainText(search.kind.ticket);
    await option.click();
    await expect(page).toHaveURL(new RegExp(`${PLAYER_FEEDBACK}\\?ticket=${id}$`));
    await page.keyboard.press('Escape');
    await globalSearch(page, 'admin');
    await expect(searchDialog(page)).toContainText(search.empty);
    await page.keyboard.press('Escape');
  });

  test(`customer service: a personal view of a ticket queue (${L.lang})`, async ({ page }) => {
    const views = localeStrings('savedViews', L.lang) as Record<string, any>;
    const tag = `${L.lang}${Date.now().toString(36)}`;
    await signInAs(page, 'cs_agent', L);
    // A personal view of the player feedback queue.
    const name = `cs ${tag}`;
    await page.goto(`/main${PLAYER_FEEDBACK}?openid=gs_player_${tag}`);
    await page.getByRole('button', { name: views.title }).click();
    await page.getByLabel(views.saveCurrent).fill(name);
    await page.getByRole('button', { name: views.save }).click();
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto(`/main${PLAYER_FEEDBACK}`);
    await page.getByRole('button', { name: views.title }).click();
    await page.getByRole('button', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`openid=gs_player_${tag}`));
  });
}

test('on a 390 px phone: the cockpit fits and the global search opens from its button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const nav = localeStrings('nav', 'zh') as Record<string, any>;
  const home = localeStrings('home', 'zh') as Record<string, any>;
  await signIn(page, 'admin', 'zh');
  await expect(tile(page, home.cockpit.newPlayers)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: new RegExp(nav.globalSearch) }).click();
  await expect(searchDialog(page)).toBeVisible();
  await searchDialog(page).getByRole('combobox').fill('cs_ag');
  await expect(searchDialog(page).getByRole('option').filter({ hasText: 'cs_agent' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('overseas operations (ops_hw, English): their game in the cockpit, its players found, not the domestic ones, a personal view', async ({
  page,
  browser,
}) => {
  const home = localeStrings('home', 'en') as Record<string, any>;
  const search = localeStrings('search', 'en') as Record<string, any>;
  const views = localeStrings('savedViews', 'en') as Record<string, any>;
  // A player of the domestic demo game, which overseas operations must not find.
  const domestic = await browser.newContext();
  const admin = await domestic.newPage();
  await signIn(admin, 'admin', 'zh');
  const [theirs] = (await api<{ list: { openid: string }[] }>(admin, 'GET', '/players?page_size=1')).list;
  await domestic.close();

  await signIn(page, 'ops_hw');
  // The cockpit of their own game: its players and payments are theirs to see.
  await expect(tile(page, home.cockpit.newPlayers)).toBeVisible();
  await expect(tile(page, home.cockpit.revenue)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A player of their game by openid opens the profile; the domestic game's player is not found.
  const [player] = (await api<{ list: { openid: string }[] }>(page, 'GET', '/players?page_size=1')).list;
  expect(player!.openid).not.toBe(theirs!.openid);
  await globalSearch(page, player!.openid);
  const option = searchDialog(page).getByRole('option').filter({ hasText: player!.openid });
  await expect(option).toContainText(search.kind.player);
  await option.click();
  await expect(page).toHaveURL(new RegExp(`/userOption/${player!.openid}$`));
  await globalSearch(page, theirs!.openid);
  await expect(searchDialog(page)).toContainText(search.empty);
  await page.keyboard.press('Escape');

  // A personal saved view of the props list comes back by name.
  const name = `hw view ${Date.now().toString(36)}`;
  await page.goto(`/main${PROPS}?q=ring&sort=-id`);
  await page.getByRole('button', { name: views.title }).click();
  await page.getByLabel(views.saveCurrent).fill(name);
  await page.getByRole('button', { name: views.save }).click();
  await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.goto(`/main${PROPS}`);
  await page.getByRole('button', { name: views.title }).click();
  await page.getByRole('button', { name, exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=ring/);
});
