import { expect, test, type Locator, type Page } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { localeStrings } from './support/layout.ts';
import { switchLanguage } from './support/built-pages.ts';
import { signIn } from './support/sign-in.ts';

// Profile tags as operations staff use them: define a tag, set it for a player by hand, see the
// players holding it and the tag on the player's profile; in Chinese and Arabic, with axe.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

function spaced(text: string): RegExp {
  const chars = [...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(^|\\s)${chars.join('\\s*')}\\s*$`);
}
const button = (scope: Page | Locator, text: string) => scope.getByRole('button', { name: spaced(text) });

test.describe.configure({ timeout: 180_000 });
test.use({ bypassCSP: true });

for (const lang of ['zh', 'ar'] as const) {
  test(`define a tag, set it for a player, see the players by tag (${lang})`, async ({ page }) => {
    const s: Strings = localeStrings('profile-tags', lang);
    const crud: Strings = localeStrings('crud', lang);
    await signIn(page, 'admin', 'zh');
    if (lang === 'ar') await switchLanguage(page, 'العربية', 'ar', 'rtl');
    const name = `e2e_${lang}_${Date.now().toString(36)}`;
    const label = `VIP ${lang} ${Date.now().toString(36)}`;

    await page.goto('/main/commercialactivity/user-profile-config');
    await button(page, crud.action.create).click();
    const drawer = page.locator('.ant-drawer-section:visible').last();
    await drawer.getByLabel(s.name, { exact: true }).fill(name);
    await drawer.getByLabel(s.label, { exact: true }).fill(label);
    await button(drawer, crud.action.save).click();
    await expect(drawer).toBeHidden();
    const row = page.locator('.rx-data-table tbody tr.ant-table-row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    expect(await seriousViolations(page), 'axe on the tags list').toEqual([]);

    await row.getByTestId('tag-players-link').click();
    await expect(page).toHaveURL(new RegExp(`/user-profile-userlist/${name}$`));
    const player = (await api<{ list: { openid: string }[] }>(page, 'GET', '/players?page_size=1')).list[0]!
      .openid;
    const setCard = page.locator('.ant-card').filter({ hasText: s.setTitle });
    await page.getByTestId('tag-set-openid').fill(player);
    await setCard.getByLabel(s.value, { exact: true }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: s.yes })
      .click();
    await page.getByTestId('tag-set-submit').click();
    const holders = page.getByTestId('tag-players').locator('tbody tr.ant-table-row');
    await expect(holders.filter({ hasText: player })).toHaveCount(1);
    await expect(holders.filter({ hasText: player })).toContainText(s.yes);
    expect(await seriousViolations(page), 'axe on the players by tag').toEqual([]);

    // The player's profile shows the tag.
    await page.goto(`/main/useraccount/userManage/userOption/${player}`);
    await expect(page.getByTestId('player-tags')).toContainText(label);
  });
}
