import { expect, test, type Page } from '@playwright/test';
import { api } from './support/api.ts';
import { switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { ARABIC_PHONE, CHINESE_WIDE, fitsAndPasses, rowOf } from './support/ui.ts';

// The last three ad-placement pages through the built-in fake Tencent medium: a window with its
// cover from the material library, a promotion activity rolled up from its advertiser's reported
// days and moved draft → active, and the mini-game monitor's days with a threshold flagging them;
// in Chinese at 1440 px and Arabic at 390 px, nothing wider than the screen, no serious axe finding.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

test.describe.configure({ timeout: 240_000 });
test.use({ bypassCSP: true });

const AD = '/main/rxlaunch/rxlaunch-fe/deliver-manage';

/** A 1280×720 PNG drawn in the page, uploaded, made a material: its id. */
async function coverMaterial(page: Page, name: string): Promise<number> {
  const fileId = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(1280, 720);
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = `rgb(${Math.floor(Math.random() * 255)}, 90, 160)`;
    ctx.fillRect(0, 0, 1280, 720);
    ctx.fillStyle = '#fff';
    ctx.fillText(String(Date.now()), 20, 40);
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    const form = new FormData();
    form.append('file', blob, 'cover.png');
    const read = (key: string) => JSON.parse(localStorage.getItem(`rx-console:${key}`) ?? 'null');
    const answer = await fetch('/api/v1/files?use=image', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${read('user-info').access_token}`,
        'X-Product-Id': String(read('product-id')),
      },
      body: form,
    });
    const envelope = (await answer.json()) as { code: number; data: { id: string }; msg: string };
    if (envelope.code !== 0) throw new Error(`upload: ${envelope.msg}`);
    return envelope.data.id;
  });
  return (await api<{ id: number }>(page, 'POST', '/ad-materials', { file_id: fileId, name })).id;
}

for (const [shape, agent] of [
  [CHINESE_WIDE, 951],
  [ARABIC_PHONE, 952],
] as const) {
  const { lang, html, dir, name, width } = shape;
  test(`windows, promotion activities and the mini-game monitor (${lang}, ${width} px)`, async ({ page }) => {
    const w: Strings = localeStrings('adWindows', lang);
    const p: Strings = localeStrings('adPromotions', lang);
    const mg: Strings = localeStrings('adMinigames', lang);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    const tag = `${agent}-${Date.now()}`;

    // A Tencent agent of the fake medium, its advertisers' reports and mini-game days pulled.
    const { state } = await api<{ state: string }>(page, 'POST', '/ad-accounts/authorize?media=tencent', {});
    await api(page, 'POST', '/ad-accounts/authorize/callback?media=tencent', {
      code: `fake-agent-${agent}`,
      state,
    });
    const accounts = await api<{ list: { id: number; account_id: string; role: string }[] }>(
      page,
      'GET',
      `/ad-accounts?media=tencent&q=tencent-agent-${agent}-`,
    );
    const advertiser = accounts.list.find((a) => a.role === 'advertiser')!;
    await api(page, 'POST', '/ad-reports/pull?media=tencent', {
      from: '2026-04-01',
      to: '2026-04-07',
      ad_account_id: advertiser.id,
    });
    await api(page, 'POST', '/ad-minigame-reports/pull', {
      from: '2026-04-01',
      to: '2026-04-07',
      ad_account_id: advertiser.id,
    });

    // Window management: a mini-game landing entry with its cover.
    const material = await coverMaterial(page, `E2E cover ${tag}`);
    const windowName = `E2E window ${tag}`;
    await api(page, 'POST', '/ad-windows', {
      name: windowName,
      media: 'tencent',
      kind: 'mini_program',
      mini_program_id: 'wx0123456789abcdef',
      path: 'pages/index/index',
      material_id: material,
    });
    await page.goto(`${AD}/window-manage?q=${encodeURIComponent(windowName)}`);
    await expect(rowOf(page, windowName)).toContainText(w.kinds.mini_program);
    await expect(rowOf(page, windowName).locator('img')).toBeVisible();
    await fitsAndPasses(page, dir);

    // Promotion activities: a plan on the advertiser, its roll-up shown; activated from its row.
    const planName = `E2E plan ${tag}`;
    await api(page, 'POST', '/ad-promotions', {
      name: planName,
      media: ['tencent'],
      start_day: '2026-04-01',
      end_day: '2026-04-07',
      budget: 100_000_000,
      ad_account_ids: [advertiser.id],
    });
    await page.goto(`${AD}/promotion-activitie?q=${encodeURIComponent(planName)}`);
    const plan = rowOf(page, planName);
    await expect(plan).toContainText(p.statuses.draft);
    await expect(plan.locator('.ant-progress')).toBeVisible();
    await plan.getByRole('button', { name: p.activate }).click();
    await page.locator('.ant-popconfirm').getByRole('button').last().click();
    await expect(plan).toContainText(p.statuses.active);
    await fitsAndPasses(page, dir);

    // Mini-game monitor: the advertiser's days; a threshold every day breaks flags them.
    await api(page, 'POST', '/ad-minigame-alerts', {
      name: `E2E ROI ${tag}`,
      metric: 'roi_d1',
      op: 'lt',
      value: 100_000,
      ad_account_id: advertiser.id,
    });
    await expect
      .poll(
        async () =>
          (
            await api<{ total: number }>(
              page,
              'GET',
              `/ad-minigame-reports?ad_account_id=${advertiser.id}&alerting=1`,
            )
          ).total,
        { timeout: 60_000 },
      )
      .toBe(7);
    await page.goto(`${AD}/tencent/minigame-monitor?ad_account_id=${advertiser.id}&alerting=1`);
    await expect(page.getByRole('tab', { name: mg.tabs.days })).toBeVisible();
    await expect(page.locator('.rx-data-table tbody tr.ant-table-row')).toHaveCount(7);
    await expect(page.locator('.rx-data-table tbody tr.ant-table-row').first()).toContainText(
      `E2E ROI ${tag}`,
    );
    await fitsAndPasses(page, dir);
    await page.getByRole('tab', { name: mg.tabs.alerts }).click();
    await expect(rowOf(page, `E2E ROI ${tag}`)).toBeVisible();
    await fitsAndPasses(page, dir);
  });
}
