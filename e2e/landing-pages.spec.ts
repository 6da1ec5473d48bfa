import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import {
  ARABIC_PHONE,
  CHINESE_WIDE,
  button,
  confirmPopover,
  fitsAndPasses,
  openDrawer,
  rowOf,
} from './support/ui.ts';

// Landing pages as staff use them: a page with a slug that is no slug refused, then a right one
// saved and published (served at /l/<slug>); a second version published, then rolled back from the
// versions drawer, and the public page serves the first again. In Chinese at 1440 px and in
// Arabic at 390 px, with no serious axe finding and nothing wider than the screen.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
test.use({ bypassCSP: true });
test.describe.configure({ timeout: 180_000 });

for (const c of [CHINESE_WIDE, ARABIC_PHONE] as const) {
  test(`a landing page: publish, a second version, roll back (${c.lang}, ${c.width} px)`, async ({
    page,
    request,
  }) => {
    const s = localeStrings('landing', c.lang) as Record<string, any>;
    const crud = localeStrings('crud', c.lang) as Record<string, any>;
    const tag = `${c.lang}-${Date.now().toString(36)}`;
    const slug = `e2e-${tag}`;
    await page.setViewportSize({ width: c.width, height: c.width > 500 ? 900 : 844 });
    await signIn(page, 'admin', 'zh', '/main/operation/landing-manage');
    if (c.lang !== 'zh') await switchLanguage(page, c.name, c.html, c.dir);

    // Wrong: an address with capitals and spaces. Refused on the field, nothing saved.
    await button(page, crud.action.create).first().click();
    const drawer = openDrawer(page);
    await drawer.locator('#slug').fill('Not A Slug');
    await drawer.locator('#name').fill(`Landing ${tag}`);
    await drawer.getByLabel(s.variantTitle.replace('{{n}}', '1'), { exact: true }).fill(`First ${tag}`);
    await button(drawer, crud.action.save).click();
    await expect(drawer.locator('.ant-form-item-explain-error').first()).toBeVisible();
    expect(await seriousViolations(page), 'axe on the refused form').toEqual([]);

    // Right.
    await drawer.locator('#slug').fill(slug);
    await button(drawer, crud.action.save).click();
    await expect(drawer).toBeHidden({ timeout: 30_000 });
    const row = rowOf(page, `Landing ${tag}`);
    await expect(row).toContainText(s.unpublished);
    await fitsAndPasses(page, c.dir);

    // Published: v1 is served, sanitised, with its share preview tags.
    await row.getByTestId('landing-publish').click();
    await confirmPopover(page);
    await expect(row).toContainText('v1');
    const served = async () => (await request.get(`/l/${slug}`)).text();
    expect(await served()).toContain(`<title>First ${tag}</title>`);
    expect(await served()).toContain(`<meta property="og:title" content="First ${tag}">`);

    // A second version, then back to the first from the versions drawer.
    const [item] = (
      await api<{ list: { id: number; version: number }[] }>(page, 'GET', `/landing-pages?q=${slug}`)
    ).list;
    const edited = await api<{ version: number }>(page, 'PUT', `/landing-pages/${item!.id}`, {
      variants: [{ lang: 'zh', title: `Second ${tag}` }],
      version: item!.version,
    });
    await api(page, 'POST', `/landing-pages/${item!.id}/publish`, { version: edited.version });
    expect(await served()).toContain(`<title>Second ${tag}</title>`);
    await page.reload();
    await expect(row).toContainText('v2');
    await row.getByTestId('landing-versions-open').click();
    const versions = page.getByTestId('landing-versions');
    await expect(versions.locator('tbody tr.ant-table-row')).toHaveCount(2);
    await fitsAndPasses(page, c.dir);
    await versions.getByTestId('landing-rollback-1').click();
    await confirmPopover(page);
    await expect(versions).toBeHidden();
    await expect(row).toContainText('v1');
    expect(await served()).toContain(`<title>First ${tag}</title>`);
    await fitsAndPasses(page, c.dir);
  });
}
