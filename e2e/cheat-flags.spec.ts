import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { api } from './support/api.ts';
import { gameCall, newGameKey } from './support/game.ts';
import { localeStrings } from './support/layout.ts';
import { switchLanguage } from './support/built-pages.ts';
import { signIn } from './support/sign-in.ts';
import { button, openDrawer } from './support/ui.ts';

// Anti-cheat users: staff find a flagged player, start the review and confirm it with a violation
// template (the player gets the rung's sanction, seen on the risk-control page); another flag is a
// false positive and lands on the whitelist. In Chinese and in Arabic (right to left, and at phone
// width), with no serious axe finding.

test.use({ bypassCSP: true });

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
for (const { lang, html, dir, name } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文' },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية' },
] as const) {
  test(`a flag is reviewed and confirmed with a template, another is a false positive (${lang})`, async ({
    page,
  }) => {
    const s = localeStrings('cheatFlags', lang) as Record<string, any>;
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    const id = `${lang}${Date.now().toString(36)}`;
    // Two new players of the game, each flagged by hand for a rule of this run.
    const key = await newGameKey(page);
    const cheater = `e2e_cheat_${id}a`;
    const innocent = `e2e_cheat_${id}b`;
    const at = new Date().toISOString();
    const registered = await gameCall<{ results: { status: string }[] }>(
      page.request,
      key,
      'POST',
      '/api/game/v1/players/events',
      {
        events: [cheater, innocent].map((openid) => ({
          type: 'register',
          event_id: `reg-${openid}`,
          openid,
          at,
        })),
      },
    );
    expect(registered.data.results.map((r) => r.status)).toEqual(['ok', 'ok']);
    const rule = `e2e_speed_${id}`;
    await api(page, 'POST', '/cheat-flags', {
      openid: cheater,
      rule,
      score: 92,
      evidence: { speed: 31, max_speed: 8 },
    });
    await api(page, 'POST', '/cheat-flags', { openid: innocent, rule, score: 35 });
    const code = `e2e_cheat_${id}`;
    await api(page, 'POST', '/violation-templates', {
      code,
      name: 'Speed hack',
      category: 'speed_hack',
      ladder: [{ action: 'mute', duration_minutes: 60 }],
      appealable: true,
    });

    // Find the flags by rule: the cheater's score reads high.
    await page.goto('/main/operation/prevention-cheat-user');
    await page.locator('form[role=search] #rule').fill(rule);
    await page.locator('form[role=search] button[type=submit]').click();
    await expect(page).toHaveURL(/rule=/);
    const rows = page.locator('.rx-data-table:visible tbody tr.ant-table-row');
    await expect(rows).toHaveCount(2);
    const row = rows.filter({ hasText: cheater });
    await expect(row.getByTestId('cheat-score')).toHaveAttribute('data-level', 'high');
    await expect(row.getByTestId('cheat-state')).toHaveAttribute('data-state', 'flagged');
    expect(await seriousViolations(page)).toEqual([]);

    // Start the review, then confirm with the template.
    await button(row, s.actions.startReview).click();
    await expect(row.getByTestId('cheat-state')).toHaveAttribute('data-state', 'under_review');
    await button(row, s.actions.confirm).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(s.form.template).fill(code);
    await page.locator('.ant-select-item-option', { hasText: code }).click();
    await dialog.getByLabel(s.form.note).fill('clip reviewed');
    await dialog.getByTestId('cheat-confirm-ok').click();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId('cheat-state')).toHaveAttribute('data-state', 'confirmed');

    // The detail drawer: the evidence and the sanction, which the risk-control page lists.
    await row.getByTestId('cheat-open').click();
    const drawer = openDrawer(page);
    await expect(drawer.getByTestId('cheat-evidence')).toContainText('"speed": 31');
    await expect(drawer.getByTestId('cheat-sanction')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await drawer.getByTestId('cheat-sanction-link').click();
    await expect(page).toHaveURL(/\/useraccount\/violation-legal-config\?openid=/);
    // The list page stays open in its (hidden) tab: only the visible table counts.
    await expect(
      page.locator('.rx-data-table:visible tbody tr.ant-table-row').filter({ hasText: cheater }),
    ).toHaveCount(1);

    // The other one is a false positive: it closes and the player goes on the whitelist.
    await page.goto(`/main/operation/prevention-cheat-user?rule=${rule}`);
    const other = page.locator('.rx-data-table:visible tbody tr.ant-table-row').filter({ hasText: innocent });
    await button(other, s.actions.dismiss).click();
    const note = page.getByRole('dialog');
    await note.getByLabel(s.form.note).fill('lag spike');
    await note.getByTestId('cheat-note-ok').click();
    await expect(other.getByTestId('cheat-state')).toHaveAttribute('data-state', 'false_positive');
    await page.getByRole('tab', { name: s.tabs.whitelist }).click();
    await page.locator('form[role=search]:visible #q').fill(innocent);
    await page.locator('form[role=search]:visible button[type=submit]').click();
    await expect(
      page.locator('.rx-data-table:visible tbody tr.ant-table-row').filter({ hasText: innocent }),
    ).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);

    // At phone width the list still reads without scrolling the page sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/main/operation/prevention-cheat-user?rule=${rule}`);
    await expect(page.locator('.rx-data-table:visible tbody tr.ant-table-row')).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
