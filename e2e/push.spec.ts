import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { gameCall, newGameKey } from './support/game.ts';
import { lifecycleStrings, localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { button, confirmPopover, openDrawer, rowOf, typeInPicker } from './support/ui.ts';

// Operations staff write an app push for two players whose game registered their devices (a wrong
// form, then a right one), send it, and read its deliveries; the list paged, sorted and filtered;
// in Chinese at 1440 px and in Arabic (right to left) at 390 px, with no serious axe finding.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
const zh = {
  p: lifecycleStrings('push') as Record<string, any>,
  crud: localeStrings('crud') as Record<string, any>,
  table: localeStrings('table') as Record<string, any>,
  tabs: localeStrings('tabs') as Record<string, any>,
};
const ar = { p: lifecycleStrings('push', 'ar') as Record<string, any> };

test.use({ bypassCSP: true });
test.describe.configure({ timeout: 150_000 });

const PUSH = '/main/operation/push-manage/app-push';

test('write a push for two players, a wrong form first, send it and read its deliveries', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  await signIn(page, 'admin', 'zh', PUSH);
  // The game registers the two players' devices.
  const key = await newGameKey(page);
  for (const who of ['a', 'b']) {
    const registered = await gameCall(request, key, 'POST', '/api/game/v1/push/tokens', {
      openid: `e2e_${tag}_${who}`,
      platform: 'android',
      provider: 'fcm',
      token: `e2e-token-${tag}-${who}`,
      locale: 'zh-CN',
    });
    expect(registered.status).toBe(200);
  }

  // A wrong form: no name, no title, a deep link that is not one.
  await button(page, zh.crud.action.create).click();
  const form = openDrawer(page);
  await form.locator('#deep_link').fill('not a link');
  await button(form, zh.crud.action.save).click();
  await expect(form.locator('.ant-form-item-explain-error').first()).toBeVisible();
  await expect(form.getByRole('alert').filter({ hasText: zh.crud.form.fixErrors })).toBeVisible();
  // Put right: a name, a title and body in Chinese, a proper link, the two players.
  const name = `周末活动 ${tag}`;
  await form.locator('#name').fill(name);
  await form.locator('#title [data-lang="zh"]').fill('周末双倍经验');
  await form.locator('#body [data-lang="zh"]').fill('今晚 8 点开启，快来！');
  await form.locator('#deep_link').fill('game://event/weekend');
  await form.locator('#target').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: zh.p.targets.players })
    .click();
  const openids = form.locator('#openids');
  await openids.fill(`e2e_${tag}_a`);
  await openids.press('Enter');
  await openids.fill(`e2e_${tag}_b`);
  await openids.press('Enter');
  await button(form, zh.crud.action.save).click();
  await expect(form).toBeHidden();
  const row = rowOf(page, name);
  await expect(row.getByTestId('push-status')).toHaveText(zh.p.states.draft);
  expect(await seriousViolations(page)).toEqual([]);

  // Send: no approval on this game, so it goes out at once through the fake FCM.
  await row.getByTestId('push-send').click();
  await page.locator('.ant-popover:visible .ant-btn-primary').click();
  await expect(async () => {
    await page.getByRole('button', { name: zh.table.refresh, exact: true }).click();
    await expect(row.getByTestId('push-status')).toHaveText(zh.p.states.sent, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText('2 / 0 / 0');

  // Its deliveries: two devices targeted, two sent.
  await row.getByTestId('push-stats-open').click();
  const stats = page.getByTestId('push-stats');
  await expect(stats).toContainText(zh.p.stats.targeted);
  await expect(stats.locator('td').nth(1)).toHaveText('2');
  await expect(page.locator('.ant-modal:visible')).toContainText(zh.p.providers.fcm);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the list pages, sorts and filters; in Arabic at 390 px it reads right to left and fits', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  await signIn(page, 'admin', 'zh');
  for (let i = 1; i <= 3; i++)
    await api(page, 'POST', '/push-tasks', {
      name: `ترويج ${tag} ${i}`,
      title: { zh: `标题 ${i}`, ar: `عنوان ${i}` },
      body: { zh: '正文', ar: 'نص' },
      target: 'all',
      send_at: new Date(Date.now() + i * 86_400_000).toISOString(),
    });
  // Paged two a page, sorted by send time, newest first.
  await page.goto(`${PUSH}?q=${tag}&page_size=2&sort=-send_at`);
  const rows = page.locator('.rx-data-table tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(`${tag} 3`);
  await page.goto(`${PUSH}?q=${tag}&page_size=2&page=2&sort=-send_at`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`${tag} 1`);
  // Filtered by state: none of them is scheduled yet.
  await page.goto(`${PUSH}?q=${tag}&status=scheduled`);
  await expect(page.getByRole('cell', { name: zh.tabs.ui.noData })).toBeVisible();

  await switchLanguage(page, 'العربية', 'ar', 'rtl');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`${PUSH}?q=${tag}`);
  await expect(rows).toHaveCount(3);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(rows.first().getByTestId('push-status')).toHaveText(ar.p.states.draft);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a push with two A/B variants and quiet hours: a wrong form, a right one, stats per variant', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  await signIn(page, 'admin', 'zh', PUSH);
  // Six players' devices in UTC; quiet hours two to four hours from now there (none is quiet now).
  const key = await newGameKey(page);
  const openids = Array.from({ length: 6 }, (_, i) => `e2e_ab_${tag}_${i}`);
  for (const openid of openids) {
    const registered = await gameCall(request, key, 'POST', '/api/game/v1/push/tokens', {
      openid,
      platform: 'android',
      provider: 'fcm',
      token: `e2e-ab-${openid}`,
      locale: 'zh-CN',
      time_zone: 'UTC',
    });
    expect(registered.status).toBe(200);
  }
  const hour = new Date().getUTCHours();
  const clock = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
  const cp = await api<{ time_zone: string }>(page, 'GET', '/cp-settings');

  await button(page, zh.crud.action.create).click();
  const form = openDrawer(page);
  // Where the form explains local-time sending, the CP's own time zone (devices naming none).
  await expect(form.getByTestId('push-cp-time-zone')).toContainText(cp.time_zone);
  const name = `AB 测试 ${tag}`;
  await form.locator('#name').fill(name);
  await form.locator('#title [data-lang="zh"]').fill('基础标题');
  await form.locator('#body [data-lang="zh"]').fill('基础正文');
  await form.locator('#target').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: zh.p.targets.players })
    .click();
  for (const openid of openids) {
    await form.locator('#openids').fill(openid);
    await form.locator('#openids').press('Enter');
  }
  await form.locator('#quiet_hours').check();
  await typeInPicker(form.getByLabel(zh.p.task.quietStart), clock(hour + 2));
  await typeInPicker(form.getByLabel(zh.p.task.quietEnd), clock(hour + 4));
  // Two variants whose shares add up to more than everyone: refused.
  for (const [i, v] of ['a', 'b'].entries()) {
    await button(form, zh.p.task.addVariant).click();
    await form.getByLabel(`${zh.p.task.variantKey} ${i + 1}`).fill(v);
    await form.getByLabel(`${zh.p.task.variantName} ${i + 1}`).fill(`变体${v.toUpperCase()}`);
    await form.getByLabel(`${zh.p.task.variantPercent} ${i + 1}`).fill('60');
    await form.locator(`#variants_${i}_title [data-lang="zh"]`).fill(`标题${v.toUpperCase()}`);
    await form.locator(`#variants_${i}_body [data-lang="zh"]`).fill(`正文${v.toUpperCase()}`);
  }
  await button(form, zh.crud.action.save).click();
  await expect(form.getByRole('alert').filter({ hasText: zh.crud.form.fixErrors })).toBeVisible();
  await expect(form).toBeVisible();
  // Put right: half each.
  for (const i of [1, 2]) await form.getByLabel(`${zh.p.task.variantPercent} ${i}`).fill('50');
  await button(form, zh.crud.action.save).click();
  await expect(form).toBeHidden();
  const row = rowOf(page, name);
  await expect(row.getByTestId('push-status')).toHaveText(zh.p.states.draft);

  await row.getByTestId('push-send').click();
  await confirmPopover(page);
  await expect(async () => {
    await page.getByRole('button', { name: zh.table.refresh, exact: true }).click();
    await expect(row.getByTestId('push-status')).toHaveText(zh.p.states.sent, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });

  // Stats per variant: a row for each (every player in one of them), with its figures' columns.
  await row.getByTestId('push-stats-open').click();
  const variants = page.getByTestId('push-stats-variants');
  for (const column of ['variant', 'targetedShort', 'sent', 'failed', 'delivered', 'opened', 'converted'])
    await expect(variants.getByRole('columnheader', { name: zh.p.stats[column], exact: true })).toBeVisible();
  const lines = variants.locator('tbody tr.ant-table-row');
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: '变体A' })).toHaveCount(1);
  await expect(lines.filter({ hasText: '变体B' })).toHaveCount(1);
  const sent = await lines.evaluateAll((trs) =>
    trs.reduce((sum, tr) => sum + Number(tr.querySelectorAll('td')[2]?.textContent ?? 0), 0),
  );
  expect(sent).toBe(openids.length);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a push to an uploaded openid file narrowed to Android: the count and the file report, then the send', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  await signIn(page, 'admin', 'zh', PUSH);
  // Three players the game signed in, two on Android and one on iOS, each with a device.
  const key = await newGameKey(page);
  const who = { a: 'android', b: 'android', c: 'ios' } as const;
  for (const [name, platform] of Object.entries(who)) {
    const openid = `e2e_file_${tag}_${name}`;
    const events = await gameCall(request, key, 'POST', '/api/game/v1/players/events', {
      events: [{ type: 'login', event_id: `${openid}-login`, openid, at: new Date().toISOString() }],
    });
    expect(events.status).toBe(200);
    const registered = await gameCall(request, key, 'POST', '/api/game/v1/push/tokens', {
      openid,
      platform,
      provider: platform === 'ios' ? 'apns' : 'fcm',
      token: `e2e-file-${tag}-${name}`,
      locale: 'zh-CN',
    });
    expect(registered.status).toBe(200);
  }
  const id = (name: string) => `e2e_file_${tag}_${name}`;
  const file = ['openid', id('a'), id('b'), id('c'), id('a'), `e2e_file_${tag}_nobody`].join('\n');

  await button(page, zh.crud.action.create).click();
  const form = openDrawer(page);
  const name = `名单推送 ${tag}`;
  await form.locator('#name').fill(name);
  await form.locator('#title [data-lang="zh"]').fill('名单专属礼包');
  await form.locator('#body [data-lang="zh"]').fill('登录即可领取');
  await form.locator('#target').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: zh.p.targets.file })
    .click();
  await form
    .getByTestId('push-file')
    .setInputFiles({ name: 'openids.txt', mimeType: 'text/plain', buffer: Buffer.from(file) });
  await expect(form.getByText(zh.p.audience.fileReady)).toBeVisible({ timeout: 30_000 });
  await form.locator('#platforms').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: zh.p.platforms.android })
    .click();
  await form.locator('#platforms').press('Escape');
  // The count before sending: two Android devices of two players; the file's duplicate and the
  // openid of no player reported.
  await form.getByTestId('push-count').click();
  await expect(form.getByTestId('push-count-result')).toHaveText(
    zh.p.audience.counted.replace('{{devices}}', '2').replace('{{players}}', '2'),
  );
  const report = form.getByTestId('push-file-report');
  await expect(report).toContainText(id('a'));
  await expect(report).toContainText(zh.p.audience.reasons.duplicate);
  await expect(report).toContainText(zh.p.audience.reasons.unknown);
  expect(await seriousViolations(page)).toEqual([]);
  await button(form, zh.crud.action.save).click();
  // Saving reads the file again (its openids kept with the task).
  await expect(form).toBeHidden({ timeout: 60_000 });

  const row = rowOf(page, name);
  await row.getByTestId('push-send').click();
  await confirmPopover(page);
  await expect(async () => {
    await page.getByRole('button', { name: zh.table.refresh, exact: true }).click();
    await expect(row.getByTestId('push-status')).toHaveText(zh.p.states.sent, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText('2 / 0 / 0');
});

test('a push to one layer of a user group: the layer picked on the form, counted and sent to its members', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  await signIn(page, 'admin', 'zh', PUSH);
  // Twelve players of this test's own channel, each with an Android device.
  const key = await newGameKey(page);
  const channel = `e2e_layers_${tag}`;
  for (let n = 0; n < 12; n++) {
    const openid = `e2e_layer_${tag}_${n}`;
    const events = await gameCall(request, key, 'POST', '/api/game/v1/players/events', {
      events: [{ type: 'login', event_id: `${openid}-login`, openid, channel, at: new Date().toISOString() }],
    });
    expect(events.status).toBe(200);
    const registered = await gameCall(request, key, 'POST', '/api/game/v1/push/tokens', {
      openid,
      platform: 'android',
      provider: 'fcm',
      token: `e2e-layer-${tag}-${n}`,
      locale: 'zh-CN',
    });
    expect(registered.status).toBe(200);
  }
  // Their group, split in two layers.
  type Group = { id: number; version: number; state: string };
  const made = await api<Group>(page, 'POST', '/user-groups', {
    name: `push_layers_${tag}`,
    label: `分层推送 ${tag}`,
    description: '',
    kind: 'rule',
    rule: { op: 'and', items: [{ field: 'channel', op: 'eq', value: channel }] },
    file_id: null,
    refresh: 'manual',
  });
  let group = made;
  await expect
    .poll(
      async () => {
        group = await api<Group>(page, 'GET', `/user-groups/${made.id}`);
        return group.state;
      },
      { timeout: 30_000 },
    )
    .toBe('ready');
  await api(page, 'PUT', `/user-groups/${made.id}/layers`, {
    version: group.version,
    layers: [
      { key: 'A', name: '甲层', percent: 50 },
      { key: 'B', name: '乙层', percent: 50 },
    ],
  });
  const layers = await api<{ layers: { key: string; count: number }[] }>(
    page,
    'GET',
    `/user-groups/${made.id}/layers`,
  );
  const inA = layers.layers.find((l) => l.key === 'A')!.count;
  expect(layers.layers.reduce((sum, l) => sum + l.count, 0)).toBe(12);

  await page.reload();
  await button(page, zh.crud.action.create).click();
  const form = openDrawer(page);
  const name = `分层推送 ${tag}`;
  await form.locator('#name').fill(name);
  await form.locator('#title [data-lang="zh"]').fill('甲层专属');
  await form.locator('#body [data-lang="zh"]').fill('只发给甲层');
  await form.locator('#target').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: zh.p.targets.groups })
    .click();
  await form.locator('#user_group_ids').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: `分层推送 ${tag}` })
    .click();
  await page.keyboard.press('Escape');
  // The group's layers are offered; none chosen reaches the whole group.
  await form.getByTestId('push-count').click();
  await expect(form.getByTestId('push-count-result')).toHaveText(
    zh.p.audience.counted.replace('{{devices}}', '12').replace('{{players}}', '12'),
  );
  await form.getByLabel(zh.p.audience.layersOf.replace('{{group}}', `分层推送 ${tag}`)).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: '甲层' })
    .click();
  await page.keyboard.press('Escape');
  await form.getByTestId('push-count').click();
  await expect(form.getByTestId('push-count-result')).toHaveText(
    zh.p.audience.counted.replace('{{devices}}', String(inA)).replace('{{players}}', String(inA)),
  );
  expect(await seriousViolations(page)).toEqual([]);
  await button(form, zh.crud.action.save).click();
  await expect(form).toBeHidden();

  const row = rowOf(page, name);
  const saved = await api<{ list: { name: string; user_group_layers: unknown }[] }>(
    page,
    'GET',
    `/push-tasks?q=${encodeURIComponent(tag)}`,
  );
  expect(saved.list.find((task) => task.name === name)?.user_group_layers).toEqual([
    { group_id: made.id, layers: ['A'] },
  ]);
  await row.getByTestId('push-send').click();
  await confirmPopover(page);
  await expect(async () => {
    await page.getByRole('button', { name: zh.table.refresh, exact: true }).click();
    await expect(row.getByTestId('push-status')).toHaveText(zh.p.states.sent, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText(`${inA} / 0 / 0`);
});
