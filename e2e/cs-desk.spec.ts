import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { switchLanguage } from './support/built-pages.ts';
import { gameCall, newGameKey } from './support/game.ts';
import { localeStrings } from './support/layout.ts';
import {
  ARABIC_PHONE,
  CHINESE_WIDE,
  button,
  confirmPopover,
  fitsAndPasses,
  openDrawer,
  rowOf,
} from './support/ui.ts';
import { signIn } from './support/sign-in.ts';

// The service desk's player pages on one player made through the game API: their ticket in the
// feedback queue, their card in user management with a note added and deleted, their orders in the order query.
// In Chinese at 1440 px and Arabic at 390 px, each page fitting and passing axe.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

test.describe.configure({ timeout: 180_000 });
test.use({ bypassCSP: true });

for (const { lang, html, dir, name, width } of [CHINESE_WIDE, ARABIC_PHONE]) {
  test(`feedback queue, user card with a note, user orders (${lang}, ${width} px)`, async ({
    page,
    request,
  }) => {
    const users: Strings = localeStrings('csUsers', lang);
    const orders: Strings = localeStrings('csOrders', lang);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    const tag = `dk${lang}${Date.now().toString(36)}`;
    const openid = `${tag}_p`;
    const key = await newGameKey(page);
    const at = new Date().toISOString();
    await gameCall(request, key, 'POST', '/api/game/v1/players/events', {
      events: [
        { type: 'register', event_id: `${tag}r`, openid, at, nickname: `Nick${tag}` },
        {
          type: 'role_update',
          event_id: `${tag}u`,
          openid,
          at,
          server: 's1',
          role_id: `r${tag}`,
          name: 'Hero',
        },
        {
          type: 'payment',
          event_id: `${tag}p`,
          openid,
          at,
          order_no: `o${tag}`,
          store: 'google',
          sku: 'gems_60',
          amount: 600,
          currency: 'USD',
          status: 'delivered',
          role_id: `r${tag}`,
        },
      ],
    });
    await api(page, 'POST', '/feedback-types', {
      code: `t${tag}`,
      name: { zh: `类型${tag}`, en: `Type ${tag}` },
    });
    const ticket = await gameCall<{ id: number }>(request, key, 'POST', '/api/game/v1/tickets', {
      kind: 'player',
      type: `t${tag}`,
      openid,
      content: `words ${tag}`,
    });

    // The feedback queue: the player's ticket, its drawer, the way to their conversations.
    await page.goto(`/main/service/feedback?openid=${openid}`);
    await expect(rowOf(page, `words ${tag}`)).toBeVisible();
    await page.getByTestId(`ticket-${ticket.data.id}`).click();
    await expect(openDrawer(page)).toContainText(`words ${tag}`);
    await fitsAndPasses(page, dir);
    await page.keyboard.press('Escape');

    // User management: found by role id; the card, then a note.
    await page.goto(`/main/service/user-manage?q=r${tag}&by=role_id`);
    await expect(rowOf(page, openid)).toBeVisible();
    await fitsAndPasses(page, dir);
    await page.getByTestId(`cs-user-${openid}`).click();
    const card = page.getByTestId('cs-user-card');
    await expect(card).toContainText(`Nick${tag}`);
    await expect(card).toContainText('Hero');
    await fitsAndPasses(page, dir);
    await openDrawer(page).getByText(users.notes, { exact: true }).click();
    await page.getByTestId('cs-note-input').fill(`note ${tag}`);
    await button(openDrawer(page), users.addNote).click();
    await expect(openDrawer(page).getByText(`note ${tag}`)).toBeVisible();
    // The author deletes it after a confirm; it stays listed as deleted, its text in its history.
    await openDrawer(page).locator('[data-testid^="cs-note-delete-"]').click();
    await expect(page.locator('.ant-popconfirm:visible')).toContainText(users.deleteNoteConfirm);
    await fitsAndPasses(page, dir);
    await confirmPopover(page);
    const deletedBy = users.noteDeleted.split('{{name}}')[0].trim();
    await expect(openDrawer(page).getByText(new RegExp(`^${deletedBy}`))).toBeVisible();
    await expect(openDrawer(page).getByText(`note ${tag}`)).toBeHidden();
    await openDrawer(page).locator('summary').click();
    await expect(openDrawer(page).locator('details')).toContainText(`${users.deletedText}: note ${tag}`);
    await fitsAndPasses(page, dir);

    // User orders: nothing asked before a player, then the order with its state.
    await page.goto('/main/service/user-order-query');
    await expect(page.getByText(orders.askFirst)).toBeVisible();
    await page.goto(`/main/service/user-order-query?openid=${openid}`);
    await expect(rowOf(page, `o${tag}`)).toContainText(orders.states.delivered);
    await fitsAndPasses(page, dir);
  });
}
