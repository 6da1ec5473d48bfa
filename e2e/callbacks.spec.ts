import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { ListPage } from './support/list-page.ts';
import { signIn } from './support/sign-in.ts';
import { button, openDrawer } from './support/ui.ts';

// Callbacks (a page going offline): staff add a webhook endpoint (a wrong form is refused with its
// reasons), a player's sanction reaches a local receiver signed with the generated secret, the
// delivery log shows it delivered and replays it with the same id, the secret is rotated; the list
// pages, sorts and filters; in Chinese and Arabic, at 1440 and 390 px, with axe.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

test.describe.configure({ timeout: 240_000 });
test.use({ bypassCSP: true });

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

for (const { lang, html, dir, name, playerPage } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文', playerPage: 31 },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية', playerPage: 32 },
] as const) {
  test(`add an endpoint, see a signed delivery, replay it, rotate the secret (${lang})`, async ({ page }) => {
    // The receiver: a local server that records what reaches it.
    const received: Received[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    try {
      const s: Strings = localeStrings('callbacks', lang);
      const crud: Strings = localeStrings('crud', lang);
      const menu: Strings = localeStrings('menu', lang);
      await signIn(page, 'admin', 'zh');
      if (lang !== 'zh') await switchLanguage(page, name, html, dir);
      const tag = `e2e-${lang}-${Date.now().toString(36)}`;

      await page.goto('/main/offline/callback');
      await expect(page.getByTestId('going-offline')).toHaveText(menu['tip.goingOffline']);
      await button(page, crud.action.create).click();
      const drawer = openDrawer(page);
      // Wrong: an address that is not http(s), no events, no secret. Nothing is saved.
      await drawer.locator('#callback-name').fill(`Hook ${tag}`);
      await drawer.locator('#callback-url').fill('ftp://example.com/x');
      await button(drawer, crud.action.save).click();
      await expect(drawer.locator('.ant-form-item-explain-error').first()).toBeVisible();
      await expect(drawer).toBeVisible();
      expect(await seriousViolations(page), 'axe on the refused form').toEqual([]);

      // Right: the receiver's address, the sanction event, a generated secret.
      await drawer.locator('#callback-url').fill(receiverUrl);
      await drawer.locator('#callback-events').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: s.eventNames.player.sanctioned })
        .click();
      await page.keyboard.press('Escape');
      await button(drawer, s.generate).click();
      const secret = await drawer.locator('#callback-secret').inputValue();
      expect(secret).toMatch(/^whsec_[\w-]{32}$/);
      await button(drawer, crud.action.save).click();
      await expect(drawer).toBeHidden();

      await page.goto(`/main/offline/callback?q=${tag}`);
      const row = page.locator('.rx-data-table tbody tr.ant-table-row').filter({ hasText: `Hook ${tag}` });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(`…${secret.slice(-4)}`);
      await expect(row).toContainText(s.eventNames.player.sanctioned);
      expect(await seriousViolations(page), 'axe on the list').toEqual([]);

      // A change the endpoint subscribes to: a player is muted (through the API, as a fixture).
      const found = await api<{ list: { openid: string }[] }>(
        page,
        'GET',
        `/players?page=${playerPage}&page_size=1&sort=created_at`,
      );
      const openid = found.list[0]!.openid;
      await api(page, 'POST', `/players/${openid}/sanctions`, {
        kind: 'mute',
        duration_minutes: 5,
        reason: `callback ${tag}`,
      });
      // Other tests' endpoints of this game hear other sanctions: this test reads its player's.
      const mine = () => received.filter((r) => r.body.includes(`"openid":"${openid}"`));
      await expect.poll(() => mine().length, { timeout: 60_000 }).toBeGreaterThanOrEqual(1);
      const first = mine()[0]!;
      const timestamp = first.headers['x-console-timestamp'] as string;
      const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${first.body}`).digest('hex')}`;
      expect(first.headers['x-console-signature']).toBe(expected);
      expect(JSON.parse(first.body)).toMatchObject({ type: 'player.sanctioned', data: { openid } });
      const eventId = first.headers['idempotency-key'] as string;

      // The delivery log: delivered, one attempt; the signed body opens under the row.
      await row.getByRole('button', { name: s.deliveries }).click();
      const log = openDrawer(page);
      await expect(log).toContainText(s.deliveriesOf.replace('{{name}}', `Hook ${tag}`));
      const delivery = log.locator('tbody tr.ant-table-row').filter({ hasText: eventId });
      await expect(async () => {
        await button(log, localeStrings('table', lang).refresh).click();
        await expect(delivery.first()).toContainText(s.deliveryStatuses.delivered, { timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await delivery.first().locator('.ant-table-row-expand-icon').click();
      await expect(log.locator('.rx-callback-body')).toContainText(openid);
      expect(await seriousViolations(page), 'axe on the delivery log').toEqual([]);

      // Replay: the same event (same id and body) reaches the receiver again.
      await delivery.first().getByRole('button', { name: s.replay }).click();
      await button(page.locator('.ant-popconfirm:visible'), s.replay).click();
      await expect
        .poll(() => received.filter((r) => r.headers['idempotency-key'] === eventId).length, {
          timeout: 60_000,
        })
        .toBe(2);
      expect(mine()[1]!.body).toBe(first.body);
      await expect(async () => {
        await button(log, localeStrings('table', lang).refresh).click();
        await expect(log.locator('tbody tr.ant-table-row').filter({ hasText: eventId })).toHaveCount(2, {
          timeout: 2_000,
        });
      }).toPass({ timeout: 30_000 });
      await expect(log).toContainText(s.deliveryStatuses.delivered);
      await page.keyboard.press('Escape');
      await expect(log).toBeHidden();

      // Rotate the secret: the list shows the new one's last four.
      await row.getByRole('button', { name: crud.action.edit }).click();
      const edit = openDrawer(page);
      await button(edit, s.generate).click();
      const rotated = await edit.locator('#callback-secret').inputValue();
      expect(rotated).not.toBe(secret);
      await button(edit, crud.action.save).click();
      await expect(edit).toBeHidden();
      await expect(row).toContainText(`…${rotated.slice(-4)}`);

      // Paged, sorted and filtered: eleven more endpoints of this run, ten a page.
      for (let i = 0; i < 11; i++)
        await api(page, 'POST', '/callbacks', {
          name: `Page ${tag} ${String(i).padStart(2, '0')}`,
          url: `${receiverUrl}/${i}`,
          events: ['order.paid'],
          secret: `whsec_${tag}_0123456789abcdef`,
          status: i % 2 ? 'disabled' : 'active',
        });
      const list = new ListPage(page);
      await page.goto(`/main/offline/callback?q=Page%20${tag}&page_size=10&sort=name`);
      await expect(list.rows).toHaveCount(10);
      await expect(list.rows.first()).toContainText(`Page ${tag} 00`);
      await list.clickPage(2);
      await list.expectQuery('page', '2');
      await expect(list.rows).toHaveCount(1);
      await expect(list.rows.first()).toContainText(`Page ${tag} 10`);
      await page.goto(`/main/offline/callback?q=Page%20${tag}&status=disabled&sort=-name`);
      await expect(list.rows).toHaveCount(5);
      await expect(list.rows.first()).toContainText(`Page ${tag} 09`);
      await expect(list.rows.first()).toContainText(crud.status.disabled);

      // A phone: the page never scrolls sideways.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/main/offline/callback?q=Hook%20${tag}`);
      await expect(row).toHaveCount(1);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), 'axe at 390 px').toEqual([]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
}
