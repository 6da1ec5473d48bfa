import { expect, test } from '@playwright/test';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { PROP_HEADER } from '../apps/server/test/prop-header.ts';

// Importing props with one good row and one bad one: the preview counts rows with errors (not
// fields) and lists a row's problems together; "apply valid rows only" writes the good row, says
// what it did, and the bad row is not there.

const crud = localeStrings('crud', 'zh');
const HEADER = PROP_HEADER;
const row = (cells: Record<string, string>) => HEADER.map((column) => cells[column] ?? '').join(',');

test('a file with a bad row applies its valid rows when asked', async ({ page }) => {
  // The dry run and the import are real server work: on a loaded machine they take a while.
  test.setTimeout(120_000);
  const server = { timeout: 30_000 };
  const tag = `iv${Date.now().toString(36)}`;
  await signIn(page, 'admin', 'zh', '/main/projectbase/projectbase-fe/game-prop-config');
  const base = { type: 'material', rarity: 'common', stack_limit: '5', expiry_days: '0' };
  const csv = [
    HEADER.join(','),
    row({ ...base, code: `${tag}_good`, 'name.zh': `好道具 ${tag}` }),
    // Two problems in one row: no Chinese name, an unknown type.
    row({ ...base, code: `${tag}_bad`, 'name.zh': '', type: 'gadget' }),
  ].join('\r\n');
  await page.getByTestId('props-import-file').setInputFiles({
    name: 'props.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });

  const modal = page.locator('.ant-modal-container:visible');
  const count = (title: string) =>
    modal.locator('.ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content-value');
  await expect(count(crud.import.create)).toHaveText('1', server);
  await expect(count(crud.import.errors)).toHaveText('1');
  const problems = modal.locator('.ant-table-tbody tr.ant-table-row');
  await expect(problems).toHaveCount(1);
  await expect(problems.first()).toContainText('3');
  await expect(problems.first()).toContainText('name.zh');
  await expect(problems.first()).toContainText('type');
  await expect(modal.getByRole('button', { name: /确\s*认\s*导\s*入/ })).toBeDisabled();

  await modal.getByRole('button', { name: crud.import.applyValid.replace('{{count}}', '1') }).click();
  await expect(modal).toBeHidden(server);
  const done = crud.import.doneSkipped
    .replace('{{create}}', '1')
    .replace('{{update}}', '0')
    .replace('{{skipped}}', '1');
  await expect(page.locator('.ant-message-success')).toContainText(done, server);

  await page.goto(`/main/projectbase/projectbase-fe/game-prop-config?q=${tag}`);
  const rows = page.locator('.rx-data-table tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1, server);
  await expect(rows.first()).toContainText(`${tag}_good`);
});
