import { expect, test, type Locator, type Page } from '@playwright/test';
import { LANGUAGE_NAMES } from '../packages/contracts/src/languages.ts';
import { VALIDATION_MESSAGES } from '../packages/contracts/src/validation.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { openDrawer, spaced } from './support/ui.ts';

// Issue 27, defect 8: overseas staff need not type Simplified Chinese. The language a multilingual
// text must have is the CP's default language (English for the overseas demo CP): the form asks
// for it first, refuses a text without it on that language, and saves one written in it alone.

test.use({ bypassCSP: true });
test.describe.configure({ timeout: 180_000 });

const PROPS = '/main/projectbase/projectbase-fe/game-prop-config';

const CASES = [
  { lang: 'en', html: 'en', dir: 'ltr', name: 'English', width: 1440 },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية', width: 390 },
] as const;

async function signInAs(page: Page, variant: (typeof CASES)[number]) {
  await page.setViewportSize({ width: variant.width, height: 900 });
  await signIn(page, 'ops_hw', 'en');
  await switchLanguage(page, variant.name, variant.html, variant.dir);
}

/** A prop's name box in a language: the drawer's first multilingual field, each box named "field · language". */
const nameBox = (drawer: Locator, language: string) =>
  drawer.getByRole('textbox', { name: new RegExp(` · ${language}$`) }).first();

for (const variant of CASES) {
  const crud = localeStrings('crud', variant.lang) as Record<string, Record<string, string>>;
  const required = VALIDATION_MESSAGES.cp_language_required[variant.lang].replace(
    '{name}',
    LANGUAGE_NAMES.en,
  );

  test(`8. an overseas operator writes a prop's name in English only (${variant.lang}, ${variant.width} px)`, async ({
    page,
  }) => {
    await signInAs(page, variant);
    await page.goto(PROPS);
    await page.getByRole('button', { name: spaced(crud.action!.create!) }).click();
    const drawer = openDrawer(page);
    const english = nameBox(drawer, LANGUAGE_NAMES.en);
    const chinese = nameBox(drawer, LANGUAGE_NAMES.zh);
    // English comes first and is the one marked required; Chinese is one translation among others.
    await expect(drawer.locator('[data-lang]').first()).toHaveAttribute('data-lang', 'en');
    await expect(english).toHaveAttribute('placeholder', crud.multilang!.required!);
    await expect(chinese).not.toHaveAttribute('placeholder', crud.multilang!.required!);

    const code = `hw${variant.lang}${Date.now().toString(36)}`;
    await drawer.locator('#code').fill(code);
    // A wrong form: the name in Chinese only. Refused on the English field, nothing saved.
    await chinese.fill('黎明之剑');
    await drawer.getByRole('button', { name: spaced(crud.action!.save!) }).click();
    await expect(drawer.getByText(required)).toBeVisible();
    await expect(english).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(page)).toEqual([]);

    // The right form: English alone is enough.
    await chinese.fill('');
    await english.fill(`Dawn Sword ${code}`);
    await drawer.getByRole('button', { name: spaced(crud.action!.save!) }).click();
    await expect(drawer).toBeHidden({ timeout: 30_000 });
    await page.goto(`${PROPS}?q=${code}`);
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: code });
    await expect(row).toHaveCount(1, { timeout: 30_000 });
    await expect(row).toContainText(`Dawn Sword ${code}`);
  });
}

test('8. a domestic operator is still asked for Chinese (zh, 1440 px)', async ({ page }) => {
  const crud = localeStrings('crud', 'zh') as Record<string, Record<string, string>>;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin', 'zh');
  await page.goto(PROPS);
  await page.getByRole('button', { name: spaced(crud.action!.create!) }).click();
  const drawer = openDrawer(page);
  await expect(drawer.locator('[data-lang]').first()).toHaveAttribute('data-lang', 'zh');
  await drawer.locator('#code').fill(`gn${Date.now().toString(36)}`);
  await nameBox(drawer, LANGUAGE_NAMES.en).fill('Moon Sword');
  await drawer.getByRole('button', { name: spaced(crud.action!.save!) }).click();
  await expect(
    drawer.getByText(VALIDATION_MESSAGES.cp_language_required.zh.replace('{name}', LANGUAGE_NAMES.zh)),
  ).toBeVisible();
  await expect(nameBox(drawer, LANGUAGE_NAMES.zh)).toHaveAttribute('aria-invalid', 'true');
});
