import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/sign-in.ts';

/** The id of a demo game of the signed-in user's CP, by name. */
async function productId(page: Page, name: string): Promise<number> {
  return page.evaluate(async (name) => {
    const user = JSON.parse(localStorage.getItem('rx-console:user-info') ?? 'null') as {
      access_token: string;
    };
    const answer = await fetch('/api/v1/acs/cp/products', {
      headers: { Authorization: `Bearer ${user.access_token}` },
    });
    const list = ((await answer.json()) as { data: { id: number; name: string }[] }).data;
    return list.find((p) => p.name === name)!.id;
  }, name);
}

test.describe('live updates', () => {
  test('a notification made through the API appears in the header bell without reloading', async ({
    page,
    browser,
  }) => {
    // The live connection opens with the bell; wait until the server has signed it in.
    const socket = page.waitForEvent('websocket', (ws) => ws.url().endsWith('/api/v1/live'));
    await signIn(page, 'admin');
    const live = await socket;
    expect(live.url()).not.toContain('token');
    await live.waitForEvent('framereceived', (frame) => String(frame.payload).includes('"ready"'));
    const bell = page.locator('.rx-notify-bell');
    await expect(bell).toHaveAttribute('data-unread', /^\d+$/);
    const before = Number(await bell.getAttribute('data-unread'));

    // Another staff member asks to publish 坦克大作战's error codes: its policy wants a second person,
    // and the admin, who may decide, is notified.
    const other = await browser.newContext();
    const maker = await other.newPage();
    await signIn(maker, 'ops_gn', 'zh');
    const tank = await productId(maker, '坦克大作战');
    const pushed = live.waitForEvent('framereceived', (frame) =>
      String(frame.payload).includes('"topic":"notification"'),
    );
    const answer = await maker.evaluate(async (tank) => {
      const user = JSON.parse(localStorage.getItem('rx-console:user-info') ?? 'null') as {
        access_token: string;
      };
      const res = await fetch('/api/v1/error-codes/publish', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${user.access_token}`,
          'X-Product-Id': String(tank),
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ note: 'live e2e' }),
      });
      return { status: res.status, code: ((await res.json()) as { code: number }).code };
    }, tank);
    expect(answer).toEqual({ status: 202, code: 0 });
    await other.close();

    // Pushed over the socket, the bell asks again at once: well before its one-minute poll.
    await pushed;
    await expect(bell).toHaveAttribute('data-unread', String(before + 1), { timeout: 10_000 });
    await bell.click();
    await expect(page.locator('.rx-notify-list > li').first()).toContainText('ops_gn');
  });
});
