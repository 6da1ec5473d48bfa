import { expect, test, type Page } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { gameCall, newGameKey } from './support/game.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { button } from './support/ui.ts';

// A game's external services: staff see the three parties on the demo's fakes, switch the game
// server to the real one (a bad address is refused; the generated secret is shown once, then only
// "set"), and read the call log of a kick made through the fake, filtered by result.

// axe is added as a script of the page.
test.use({ bypassCSP: true });

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
const s = localeStrings('outside', 'zh') as Record<string, any>;
const menu = localeStrings('menu', 'zh') as Record<string, any>;
const crud = localeStrings('crud', 'zh') as Record<string, any>;

/** A new game of the admin's CP, chosen in the header: this spec's changes reach no other spec's game. */
async function newGame(page: Page): Promise<number> {
  const code = `ext${Date.now().toString(36)}`;
  const game = await api<{ id: number }>(page, 'POST', '/products', {
    code,
    name: code,
    platforms: ['android'],
    region: 'gn',
  });
  await page.evaluate((id) => localStorage.setItem('rx-console:product-id', JSON.stringify(id)), game.id);
  return game.id;
}

test('set up the game server of a game and read its call log (zh)', async ({ page }) => {
  await signIn(page, 'admin', 'zh');
  await newGame(page);
  // A player of the new game kicked through the fake game server: one call in the log.
  const key = await newGameKey(page);
  const openid = `ext_${Date.now().toString(36)}`;
  const login = await gameCall(page.request, key, 'POST', '/api/game/v1/players/events', {
    events: [{ type: 'login', event_id: `${openid}-1`, openid, at: new Date().toISOString() }],
  });
  expect(login.code).toBe(0);
  await api(page, 'POST', `/players/${openid}/sanctions`, { kind: 'kick', reason: 'e2e' });

  await page.goto('/main/basic/outside-parties');
  await expect(page.getByRole('heading', { name: menu['page.outsideParties'] })).toBeVisible();
  const card = page.getByTestId('party-game_server');
  await expect(card).toContainText(s.parties.game_server);
  await expect(card).toContainText(s.default);
  for (const party of ['stripe', 'google_play', 'fcm', 'apns', 'huawei_push'])
    await expect(page.getByTestId(`party-${party}`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Real without a valid address is refused on the field.
  await card.locator('.ant-radio-button-wrapper').filter({ hasText: s.mode.real }).click();
  const address = card.getByLabel(s.settings.endpoint_url);
  await address.fill('not an address');
  await button(card, crud.action.save).click();
  await expect(card.locator('.ant-form-item-explain-error').first()).toBeVisible();
  await address.fill('https://game.example.com/console');
  await button(card, s.credential.generate).click();
  const secret = (await card.locator('.ant-alert code').first().textContent())!.trim();
  expect(secret.length).toBeGreaterThan(20);
  await button(card, crud.action.save).click();
  await expect(card.getByTestId('credential-game_server-signing_secret')).toHaveText(s.credential.set);
  await expect(card).not.toContainText(s.default);

  // Read again: real, the secret set but nowhere on the page.
  await page.reload();
  const again = page.getByTestId('party-game_server');
  await expect(again.getByTestId('credential-game_server-signing_secret')).toHaveText(s.credential.set);
  await expect(again.getByRole('radio', { name: s.mode.real })).toBeChecked();
  expect(await page.content()).not.toContain(secret);

  // The call log: the kick, through the fake, succeeded; no timed-out call.
  const rows = page.locator('.rx-data-table tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(s.operations.kick);
  await expect(rows.first()).toContainText(s.statuses.ok);
  const filtered = page.waitForResponse(
    (r) => r.url().includes('/api/v1/outside-calls') && r.url().includes('status=timeout'),
  );
  await page.goto('/main/basic/outside-parties?status=timeout');
  expect(((await (await filtered).json()) as { data: { total: number } }).data.total).toBe(0);
  await expect(page.locator('.rx-data-table tr.ant-table-placeholder')).toBeVisible();
});
