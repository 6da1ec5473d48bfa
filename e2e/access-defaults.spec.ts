import { expect, test } from '@playwright/test';
import { validationMessage } from '../packages/contracts/src/validation.ts';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { openPage, switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { button, openDrawer } from './support/ui.ts';

// Issue 27, defect 11 ("access defaults"): a new chat access policy opens on the defaults
// (everything open, every channel of the game's region). Saved as it opens, it meets the demo's
// policy of that region and channel; staff must read that, on the channel, not "this value is
// already in use", and nothing may be written.

test.use({ bypassCSP: true });

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
const LANGS = [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文' },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية' },
] as const;

for (const { lang, html, dir, name } of LANGS) {
  test(`11. a new access policy saved on its defaults says the scope has a policy (${lang})`, async ({
    page,
  }) => {
    const s = localeStrings('social', lang) as Record<string, any>;
    const crud = localeStrings('crud', lang) as Record<string, any>;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin', 'zh');
    await switchLanguage(page, name, html, dir);
    type List = { total: number };
    const before = await api<List>(page, 'GET', '/social-access?kind=chat&page_size=50');
    expect(before.total).toBeGreaterThan(0);

    await openPage(page, '/projectbase/projectbase-fe/social/chat-access-setting');
    await button(page, s.newPolicy).click();
    const drawer = openDrawer(page);
    await button(drawer, crud.action.save).click();
    const channel = drawer.locator('.ant-form-item').filter({ has: page.locator('#channel_id') });
    await expect(channel.locator('.ant-form-item-explain-error')).toHaveText(
      validationMessage('policy_scope_taken', lang),
    );
    await expect(drawer.locator('.ant-form-item-explain-error')).toHaveCount(1);
    await expect(drawer).toBeVisible();
    expect(await seriousViolations(page), 'axe on the refused policy').toEqual([]);
    // Nothing written.
    const after = await api<List>(page, 'GET', '/social-access?kind=chat&page_size=50');
    expect(after.total).toBe(before.total);
  });
}
