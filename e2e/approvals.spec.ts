import { expect, test, type Page } from '@playwright/test';
import type { ApprovalPolicies } from '../packages/contracts/src/approvals.ts';
import { api } from './support/api.ts';
import { asInput, withApprovalPolicies } from './support/approval-policies.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { button, openDrawer as drawer } from './support/ui.ts';

// Two-person approval walked through by two demo staff members: on 坦克大作战 (the demo's game with
// approval policies) the admin publishes error codes, which waits for approval; ops_gn approves it
// on the approvals page and the release goes live. The page is checked at 1440 and 390 px, in
// Chinese and Arabic, with axe-core finding no serious violation.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
const zh = {
  approvals: localeStrings('approvals', 'zh') as Record<string, any>,
  errorCodes: localeStrings('errorCodes', 'zh') as Record<string, any>,
  menu: localeStrings('menu', 'zh') as Record<string, any>,
};
const ar = { approvals: localeStrings('approvals', 'ar') as Record<string, any> };

const modal = (page: Page) => page.locator('.ant-modal-container:visible').last();

/** Chooses the demo game by its code for the next page load (the header keeps the choice). */
async function chooseGame(page: Page, code: string): Promise<number> {
  const id = await page.evaluate(async (wanted) => {
    const info = JSON.parse(localStorage.getItem('rx-console:user-info') ?? 'null') as {
      access_token: string;
    };
    const answer = await fetch('/api/v1/acs/cp/products', {
      headers: { Authorization: `Bearer ${info.access_token}` },
    });
    const products = (await answer.json()).data as { id: number; code: string }[];
    const id = products.find((p) => p.code === wanted)!.id;
    localStorage.setItem('rx-console:product-id', JSON.stringify(id));
    return id;
  }, code);
  return id;
}

/** The page fits the window: nothing wider than the viewport, so nothing scrolls sideways. */
async function fitsWidth(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

test.describe.configure({ timeout: 180_000 });
test.use({ bypassCSP: true });

test('one staff member publishes error codes, another approves them on the approvals page', async ({
  page,
  browser,
}) => {
  const a = zh.approvals;
  const e = zh.errorCodes;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin', 'zh');
  await chooseGame(page, 'tankwar');
  await page.goto('/main/basic/error-code');
  await expect(page.getByRole('heading', { name: zh.menu['page.errorCodes'] })).toBeVisible();
  type Releases = { list: { number: number }[] };
  const liveBefore = (await api<Releases>(page, 'GET', '/error-codes/releases')).list[0]?.number ?? 0;

  // The maker: publishing answers "sent for approval" with a link; nothing is live yet.
  const note = `e2e approval ${Date.now().toString(36)}`;
  await button(page, e.publish).click();
  await modal(page).locator('#release-note').fill(note);
  await button(modal(page), e.publish).click();
  const sent = page.getByTestId('approval-sent');
  await expect(sent).toContainText(a.sent.title);
  expect((await api<Releases>(page, 'GET', '/error-codes/releases')).list[0]?.number ?? 0).toBe(liveBefore);
  await sent.getByRole('button').click();
  await expect(page).toHaveURL(/\/main\/approvals\?id=\d+/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  const own = drawer(page);
  await expect(own).toContainText(a.status.pending);
  await expect(own).toContainText(note);
  await expect(own).toContainText(a.decide.own);
  await expect(button(own, a.decide.approve)).toHaveCount(0);

  // The checker, in a browser of their own: the request waits in "to decide".
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const checker = await context.newPage();
  await signIn(checker, 'ops_gn', 'zh', '/main/approvals');
  await expect(checker.getByRole('heading', { name: zh.menu['page.approvals'] })).toBeVisible();
  const row = checker
    .locator('.rx-data-table tbody tr.ant-table-row')
    .filter({ hasText: String(id) })
    .first();
  await expect(row).toContainText(a.kinds.error_codes.publish);
  await expect(row).toContainText(a.status.pending);
  await fitsWidth(checker);
  expect(await seriousViolations(checker)).toEqual([]);

  await button(row, a.details).click();
  const detail = drawer(checker);
  await expect(detail).toContainText(a.detail.title.replace('{{id}}', String(id)));
  await expect(detail.getByTestId('approval-changes').locator('tbody tr').first()).toBeVisible();
  expect(await seriousViolations(checker)).toEqual([]);
  // A comment is required.
  await button(detail, a.decide.approve).click();
  await expect(detail).toContainText(a.decide.commentRequired);
  await detail.locator('#approval-comment').fill('检查无误');
  await button(detail, a.decide.approve).click();
  await expect(checker.getByText(a.decide.approved)).toBeVisible();
  await expect(detail).toContainText(a.status.approved);

  // Live now, as the maker's release with their note; the maker was told.
  await chooseGame(checker, 'tankwar');
  const after = await api<{ list: { number: number; note: string; live: boolean }[] }>(
    checker,
    'GET',
    '/error-codes/releases',
  );
  expect(after.list[0]).toMatchObject({ number: liveBefore + 1, note, live: true });
  const told = await api<{ list: { kind: string; link: string }[] }>(
    page,
    'GET',
    '/notifications?kind=approval',
  );
  expect(told.list.map((n) => n.link)).toContain(`/approvals?id=${id}`);

  // At phone width, in Chinese and in Arabic (right to left): fits, and axe finds nothing serious.
  await checker.setViewportSize({ width: 390, height: 844 });
  await checker.goto(`/main/approvals?status=all&id=${id}`);
  await expect(drawer(checker)).toContainText(a.status.approved);
  await fitsWidth(checker);
  expect(await seriousViolations(checker)).toEqual([]);
  await checker.keyboard.press('Escape');
  await expect(drawer(checker)).toHaveCount(0);
  await switchLanguage(checker, 'العربية', 'ar', 'rtl');
  await expect(checker.getByRole('tab', { name: ar.approvals.tabs.decide })).toBeVisible();
  await fitsWidth(checker);
  expect(await seriousViolations(checker)).toEqual([]);
  await checker.setViewportSize({ width: 1440, height: 900 });
  await checker.getByRole('tab', { name: ar.approvals.tabs.mine }).click();
  await expect(checker.getByText(ar.approvals.empty.mine)).toBeVisible();
  expect(await seriousViolations(checker)).toEqual([]);
  await context.close();

  // The admin's policies editor: the demo's two policies on this game.
  await page.goto('/main/approvals?tab=policies');
  await expect(page.getByRole('tab', { name: a.tabs.policies })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('switch', { name: `${a.policies.enabled} 2` })).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
});

test('saving policies someone else saved meanwhile says so, and loads theirs', async ({ page }) => {
  const a = zh.approvals;
  await signIn(page, 'admin', 'zh');
  await withApprovalPolicies(page, [], async () => {
    await page.goto('/main/approvals?tab=policies');
    const enabled = (row: number) =>
      page.getByRole('switch', { name: `${a.policies.enabled} ${row}`, exact: true });
    await expect(enabled(1)).toBeVisible();
    const read = await api<ApprovalPolicies>(page, 'GET', '/approval-policies');
    // Another admin adds a policy after this page loaded the list.
    const extra = read.actions.find((action) => !read.list.some((p) => p.action === action))!;
    await api(page, 'PUT', '/approval-policies', {
      policies: [...read.list.map(asInput), { action: extra, threshold: 77 }],
      version: read.version,
    });
    // This admin switches the first policy off and saves: refused, and told why.
    await enabled(1).click();
    await button(page, a.policies.save).click();
    await expect(page.getByTestId('policies-stale')).toContainText(a.policies.stale);
    expect(await seriousViolations(page)).toEqual([]);
    const after = await api<ApprovalPolicies>(page, 'GET', '/approval-policies');
    expect(after.list.map((p) => [p.action, p.enabled, p.threshold])).toContainEqual([extra, true, 77]);
    expect(after.list.every((p) => p.enabled)).toBe(true);
    // Loading the latest list shows the other admin's policy.
    await page.getByRole('button', { name: a.policies.reload }).click();
    await expect(page.getByTestId('policies-stale')).toBeHidden();
    await expect(enabled(read.list.length + 1)).toBeChecked();
    await expect(enabled(1)).toBeChecked();
  });
});
