import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { localeStrings } from './support/layout.ts';
import { switchLanguage } from './support/built-pages.ts';
import { signIn } from './support/sign-in.ts';

// A medium's advertiser accounts through the built-in fake medium: authorise (the simulated page
// sends staff straight back with a code), see the agent and its advertisers, a wrong and a right
// edit, another medium's page keeps to its own rows; in Chinese and Arabic, at 390 px, with no
// serious axe finding.

test.use({ bypassCSP: true });
// Both languages authorise and edit the same simulated agent (the fake's page always grants
// fake-agent-1): run side by side, one's authorisation bumps the rows' versions under the other's
// open edit (a 409). One after the other.
test.describe.configure({ mode: 'serial' });

/** A button's name: antd spaces out a two-character Chinese label ("编 辑"). */
const named = (text: string) => new RegExp(`(^|\\s)${[...text].join('\\s*')}\\s*$`);

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
for (const { lang, html, dir, name } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文' },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية' },
] as const) {
  test(`ad accounts: authorise, hierarchy, edit (${lang})`, async ({ page }) => {
    const s = localeStrings('ads', lang) as Record<string, any>;
    const crud = localeStrings('crud', lang) as Record<string, any>;
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);

    await page.goto('/main/newrxlaunch/jrtt/account-manage');
    await page.getByRole('button', { name: named(s.authorize) }).click();
    const agentRow = page
      .locator('.rx-data-table tbody tr.ant-table-row')
      .filter({ hasText: 'jrtt-agent-1' });
    await expect(agentRow.first()).toBeVisible();
    await expect(page).not.toHaveURL(/state=/);
    await expect(
      page.locator('.rx-data-table tbody tr.ant-table-row').filter({ hasText: 'jrtt-agent-1-' }),
    ).toHaveCount(3);
    expect(await seriousViolations(page)).toEqual([]);

    // A wrong edit (a remark past 200 characters) is marked; a right one is saved.
    const agent = agentRow.filter({ hasNotText: 'jrtt-agent-1-' });
    await agent.getByRole('button', { name: named(crud.action.edit) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(s.columns.remark).fill('x'.repeat(201));
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(dialog.locator('.ant-form-item-explain-error')).toBeVisible();
    await dialog.getByLabel(s.columns.remark).fill(`e2e ${lang}`);
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(dialog).toBeHidden();
    await expect(agent).toContainText(`e2e ${lang}`);
    expect(await seriousViolations(page)).toEqual([]);

    // Another medium's page: its own (empty or other) rows, never Toutiao's.
    await page.goto('/main/rxlaunch/rxlaunch-fe/deliver-manage/tencent/account-manage');
    await expect(page.getByRole('button', { name: named(s.authorize) })).toBeVisible();
    await expect(
      page.locator('.rx-data-table tbody tr.ant-table-row').filter({ hasText: 'jrtt-' }),
    ).toHaveCount(0);

    // At phone width.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/main/newrxlaunch/jrtt/account-manage');
    await expect(agentRow.first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
