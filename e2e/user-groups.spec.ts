import { expect, test, type Locator, type Page } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { localeStrings } from './support/layout.ts';
import { switchLanguage } from './support/built-pages.ts';
import { signIn } from './support/sign-in.ts';

// Staff build a rule group and see its size, upload a list group, split a group into layers, open
// its members and export them; in Chinese and Arabic, with no serious axe finding.

test.use({ bypassCSP: true });

/** A button's name: antd spaces out a two-character Chinese label ("保 存"). */
function named(text: string): RegExp {
  const chars = [...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(^|\\s)${chars.join('\\s*')}\\s*$`);
}
const LIST = '/main/commercialactivity/user-group';

interface Group {
  id: number;
  name: string;
  state: string;
  member_count: number;
  version: number;
}

/** Waits until the group's members are computed (the job runs in the background). */
async function ready(page: Page, name: string): Promise<Group> {
  let group: Group | undefined;
  await expect
    .poll(
      async () => {
        group = (await api<{ list: Group[] }>(page, 'GET', `/user-groups?q=${name}`)).list.find(
          (g) => g.name === name,
        );
        return group?.state;
      },
      { timeout: 60_000 },
    )
    .toBe('ready');
  return group!;
}

async function pick(page: Page, select: Locator, text: string) {
  await select.click();
  await page.keyboard.type(text);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click();
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
for (const { lang, html, dir, name } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文' },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية' },
] as const) {
  test(`rule group with its size, list group, layers, members and export (${lang})`, async ({ page }) => {
    test.setTimeout(180_000);
    const s = localeStrings('user-groups', lang) as Record<string, any>;
    const crud = localeStrings('crud', lang) as Record<string, any>;
    const stamp = `${lang}${Date.now().toString(36)}`;
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);

    // 1. A rule group: payers (paid in total at least 1), its size previewed before saving.
    await page.goto(LIST);
    await page.getByRole('button', { name: named(crud.action.create) }).click();
    const drawer = page.locator('.ant-drawer-section:visible').last();
    await drawer.getByTestId('group-name').fill(`payers_${stamp}`);
    await drawer.getByTestId('group-label').fill(`Payers ${stamp}`);
    const condition = drawer.locator('.rule-condition').first();
    await pick(page, condition.locator('.rule-field'), s.fields.paid_total);
    await pick(page, condition.locator('.rule-op'), s.ops.gte);
    await condition.locator('.rule-value input').fill('1');
    const rule = { op: 'and', items: [{ field: 'paid_total', op: 'gte', value: 1 }] };
    const expected = (await api<{ count: number }>(page, 'POST', '/user-groups/preview', { rule })).count;
    expect(expected).toBeGreaterThan(0);
    // The drawer with the built rule (checked before the button's click animation runs).
    expect(await seriousViolations(page)).toEqual([]);
    await drawer.getByTestId('group-preview').click();
    await expect(drawer.getByTestId('group-preview-count')).toContainText(String(expected));
    await drawer.getByRole('button', { name: named(crud.action.save) }).click();
    await expect(drawer).toBeHidden();
    // Materialised by the job: the members equal the preview.
    const payers = await ready(page, `payers_${stamp}`);
    expect(payers.member_count).toBe(expected);
    await page.reload();
    const row = page.locator('.rx-data-table tbody tr.ant-table-row').filter({ hasText: `payers_${stamp}` });
    await expect(row.getByTestId('group-state')).toHaveText(s.states.ready);

    // 2. A list group from an uploaded openid file: three known players and three bad lines.
    const known = (await api<{ list: { openid: string }[] }>(page, 'GET', '/players?page_size=3')).list.map(
      (p) => p.openid,
    );
    const file = ['openid', ...known, known[0]!, 'nobody_here_at_all', 'bad id!'].join('\n');
    await page.getByRole('button', { name: named(crud.action.create) }).click();
    await drawer.getByTestId('group-name').fill(`listed_${stamp}`);
    await drawer.getByTestId('group-label').fill(`Listed ${stamp}`);
    await drawer.getByRole('radio', { name: s.kinds.list }).check();
    await drawer
      .locator('.rx-file-upload input[type=file]')
      .setInputFiles({ name: 'openids.txt', mimeType: 'text/plain', buffer: Buffer.from(file) });
    await expect(drawer.getByTestId('group-file-id')).toBeVisible({ timeout: 30_000 });
    await drawer.getByRole('button', { name: named(crud.action.save) }).click();
    await expect(drawer).toBeHidden();
    const listedGroup = await ready(page, `listed_${stamp}`);
    expect(listedGroup.member_count).toBe(3);
    // The job holds the per-line errors (duplicate, unknown openid, malformed); the row links to it.
    const { job_id } = await api<{ job_id: number }>(page, 'GET', `/user-groups/${listedGroup.id}`);
    const errors = await api<{ list: { input: { openid: string; reason: string } }[] }>(
      page,
      'GET',
      `/jobs/${job_id}/items?status=error`,
    );
    expect(errors.list.map((i) => i.input.reason)).toEqual(['duplicate', 'unknown_openid', 'malformed']);
    await page.reload();
    const listed = page
      .locator('.rx-data-table tbody tr.ant-table-row')
      .filter({ hasText: `listed_${stamp}` });
    await expect(listed.getByTestId('group-job')).toContainText(`#${job_id}`);
    await page.goto(LIST);

    // 3. Layers: A 50 / B 30 / C 20 of the rule group.
    await row.getByTestId('group-layers-link').click();
    await expect(page).toHaveURL(new RegExp(`/user-group-layered/payers_${stamp}$`));
    for (let i = 0; i < 3; i++) await page.getByTestId('layer-add').click();
    const percents = page.locator('.ant-card .ant-input-number-input').filter({ visible: true });
    await expect(percents).toHaveCount(3);
    for (const [i, share] of [50, 30, 20].entries()) await percents.nth(i).fill(String(share));
    await page.getByTestId('layers-save').click();
    const layerRows = page.getByTestId('layers-table').locator('tbody tr.ant-table-row');
    await expect(layerRows).toHaveCount(3);
    const layers = await api<{ layers: { key: string; count: number }[] }>(
      page,
      'GET',
      `/user-groups/${payers.id}/layers`,
    );
    expect(layers.layers.map((l) => l.key)).toEqual(['A', 'B', 'C']);
    expect(layers.layers.reduce((sum, l) => sum + l.count, 0)).toBe(expected);
    // Checked once the save button has left its loading state (a faded button while it spins).
    await expect(page.getByTestId('layers-save')).not.toHaveClass(/ant-btn-loading/);
    expect(await seriousViolations(page)).toEqual([]);

    // 4. Members of layer A, exported.
    await layerRows.first().getByRole('link').click();
    await expect(page).toHaveURL(/user-group-userlist\/[\w-]+\?layer=A/);
    const members = page.locator('.rx-data-table tbody tr.ant-table-row').filter({ visible: true });
    await expect(members.first()).toBeVisible({ timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: new RegExp(crud.export.button) }).click();
    const download = page.waitForEvent('download');
    await page.locator('.ant-dropdown:visible').getByText('CSV', { exact: true }).click();
    const csv = await download;
    expect(csv.suggestedFilename()).toMatch(/^user-group-payers_.*\.csv$/);
  });
}
