import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { api } from './support/api.ts';
import { gameCall, type GameKey, newGameKey } from './support/game.ts';
import { localeStrings } from './support/layout.ts';
import { switchLanguage } from './support/built-pages.ts';
import { signIn } from './support/sign-in.ts';
import { button } from './support/ui.ts';

// A game reports a player's violations through the signed game API; staff find the violator in the
// list, open the detail (timeline, the account sharing its device), apply a violation template and
// see the sanction it gave; in Chinese and in Arabic (right to left, at phone width), with no
// serious axe finding.

test.use({ bypassCSP: true });

const rows = (page: Page) => page.locator('.rx-data-table tbody tr.ant-table-row');

type Results = { results: { status: string; message?: string }[] };

/** Two players sharing a device, and three violation events of the first, through the signed game API. */
async function reportViolations(
  page: Page,
  key: GameKey,
  id: string,
): Promise<{ cheat: string; twin: string }> {
  const cheat = `e2e_vio_${id}_a`;
  const twin = `e2e_vio_${id}_b`;
  const device = `dev-e2e-${id}`;
  const at = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
  const players = await gameCall<Results>(page.request, key, 'POST', '/api/game/v1/players/events', {
    events: [cheat, twin].map((openid, i) => ({
      type: 'login',
      event_id: `login-${id}-${i}`,
      openid,
      at: at(10),
      device_id: device,
    })),
  });
  expect(players.data.results.map((r) => r.status)).toEqual(['ok', 'ok']);
  const events = [
    { category: 'botting', hours: 5, evidence: { loops: 400 } },
    { category: 'botting', hours: 4, evidence: { loops: 520 } },
    { category: 'speed_hack', hours: 3, evidence: { speed: 3.5 } },
  ].map((e, i) => ({
    event_id: `vio-${id}-${i}`,
    openid: cheat,
    server: 's1',
    category: e.category,
    occurred_at: at(e.hours),
    evidence: e.evidence,
    device_id: device,
  }));
  const reported = await gameCall<Results>(page.request, key, 'POST', '/api/game/v1/violations', { events });
  expect(reported.status).toBe(200);
  expect(reported.data.results.map((r) => r.status)).toEqual(['stored', 'stored', 'stored']);
  // The same event again is acknowledged, not stored twice.
  const again = await gameCall<Results>(page.request, key, 'POST', '/api/game/v1/violations', {
    events: [events[0]],
  });
  expect(again.data.results[0]!.status).toBe('duplicate');
  return { cheat, twin };
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
for (const { lang, html, dir, name } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文' },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية' },
] as const) {
  test(`a reported violator is found, reviewed and sanctioned through a template (${lang})`, async ({
    page,
  }) => {
    const s = localeStrings('violations', lang) as Record<string, any>;
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    const key = await newGameKey(page);
    const id = `${lang}${Date.now().toString(36)}`;
    const { cheat, twin } = await reportViolations(page, key, id);
    const code = `E2E${id}`.toUpperCase().slice(0, 32);
    await api(page, 'POST', '/violation-templates', {
      code,
      name: `Botting ${id}`,
      category: 'botting',
      ladder: [{ action: 'mute', duration_minutes: 60 }],
      message: { zh: '脚本挂机', en: 'Botting' },
    });

    // The list, filtered by the openid and the category: three hits, open.
    await page.goto('/main/useraccount/violator-manage');
    await page.locator('form[role=search] #q').fill(cheat);
    await page.locator('form[role=search] #category').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: s.categories.botting })
      .click();
    await page.locator('form[role=search] button[type=submit]').click();
    await expect(page).toHaveURL(/category=botting/);
    const row = rows(page).filter({ hasText: cheat });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('violator-status')).toHaveAttribute('data-status', 'open');
    await expect(row).toContainText(s.categories.botting);
    expect(await seriousViolations(page)).toEqual([]);

    // The detail: the timeline newest first, the account sharing the device.
    await row.getByRole('link', { name: cheat }).click();
    await expect(page).toHaveURL(/\/useraccount\/violator-manage\/detail\?openid=/);
    const detail = page.locator(`[data-testid=violator-detail][data-openid="${cheat}"]`);
    await expect(detail.getByTestId('violator-hits')).toHaveText('3');
    await expect(detail.getByTestId('violation-event')).toHaveCount(3);
    await expect(detail.getByTestId('violation-event').first()).toHaveAttribute(
      'data-category',
      'speed_hack',
    );
    const linked = detail.locator(`[data-testid=linked-account][data-openid="${twin}"]`);
    await expect(linked).toContainText(s.linkKinds.device);
    expect(await seriousViolations(page)).toEqual([]);

    // Apply the template: the violator is handled and the mute shows among the sanctions.
    await button(detail, s.actions.apply).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('.ant-select').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: code })
      .click();
    await expect(dialog.getByTestId('apply-rung')).toContainText(s.ladder.mute);
    await dialog.getByLabel(s.apply.note).fill('e2e review');
    // The template list has closed (its listbox leaves with it).
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(dialog).toBeHidden();
    await expect(detail.getByTestId('violator-status')).toHaveAttribute('data-status', 'handled');
    const sanctions = detail.getByTestId('violator-sanctions');
    await expect(sanctions.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(detail.getByTestId('violator-offences')).toContainText(code);
    expect(await seriousViolations(page)).toEqual([]);

    if (lang === 'ar') {
      // At phone width, right to left: the detail and the list fit the screen.
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await expect(detail.getByTestId('violator-hits')).toHaveText('3');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousViolations(page)).toEqual([]);
      // Ten more events: the timeline pages by ten, newest first.
      const more = Array.from({ length: 10 }, (_, i) => ({
        event_id: `vio-${id}-more-${i}`,
        openid: cheat,
        server: 's2',
        category: 'abnormal_gain',
        occurred_at: new Date(Date.now() - (20 + i) * 60_000).toISOString(),
        evidence: { gold: 1000 * (i + 1) },
      }));
      const reported = await gameCall<Results>(page.request, key, 'POST', '/api/game/v1/violations', {
        events: more,
      });
      expect(reported.data.results.every((r) => r.status === 'stored')).toBe(true);
      await page.reload();
      await expect(detail.getByTestId('violator-hits')).toHaveText('13');
      await expect(detail.getByTestId('violation-event')).toHaveCount(10);
      await detail.locator('.ant-pagination-item-2').click();
      await expect(detail.getByTestId('violation-event')).toHaveCount(3);
      await expect(detail.getByTestId('violation-event').last()).toHaveAttribute('data-category', 'botting');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(`/main/useraccount/violator-manage?q=${encodeURIComponent(cheat)}`);
      await expect(rows(page).filter({ hasText: cheat })).toHaveCount(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousViolations(page)).toEqual([]);
    }
  });
}
