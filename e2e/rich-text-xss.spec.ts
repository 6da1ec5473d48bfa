import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { sanitizeRichText } from '../apps/server/src/lib/rich-text.ts';
import { XSS_VECTORS } from '../apps/server/src/lib/rich-text.vectors.ts';

/**
 * Rich text as a player's web view shows it: every XSS vector, once sanitised, is rendered in
 * Chromium; every link and every element with a handler-looking attribute is hovered, focused and
 * clicked; nothing may run. Script that runs calls a trapped `alert`/`confirm`/`prompt`/`print` or
 * `xss()`, or opens a real dialog.
 */

const ORIGIN = 'http://rich-text.test';
const TRAP = `<script>
  window.__xss = [];
  for (const name of ['alert', 'confirm', 'prompt', 'print', 'xss']) {
    window[name] = (...args) => window.__xss.push(name + '(' + args.join(',') + ')');
  }
</script>`;

/**
 * A page at a real origin (so relative links resolve) where every other request answers 204: images
 * fail to load (firing onerror) and followed links leave the document in place.
 */
async function isolate(context: BrowserContext, dialogs: string[]): Promise<Page> {
  await context.route('**/*', (route) =>
    route.request().url() === `${ORIGIN}/`
      ? route.fulfill({ status: 200, contentType: 'text/html', body: '' })
      : route.fulfill({ status: 204 }),
  );
  context.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return freshPage(context);
}

async function freshPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  // Popups from target=_blank links carry no trap: close them (a dialog there is still recorded).
  page.on('popup', (popup) => void popup.close());
  await page.goto(`${ORIGIN}/`);
  return page;
}

/** Renders `html` behind the trap, activates everything clickable, and answers what ran. */
async function exercise(page: Page, html: string): Promise<string[]> {
  await page.setContent(`<!doctype html><html><head>${TRAP}</head><body>${html}</body></html>`);
  const count = await page.evaluate(() => {
    const looksActive = (el: Element) =>
      el.tagName === 'A' ||
      [...el.attributes].some((a) => /^on/i.test(a.name) || /(java|vb)script:|data:/i.test(a.value));
    const targets = [...document.body.querySelectorAll('*')].filter(looksActive);
    targets.forEach((el, i) => el.setAttribute('data-xss-target', String(i)));
    return targets.length;
  });
  for (let i = 0; i < count; i++) {
    const target = page.locator(`[data-xss-target="${i}"]`);
    await target.hover({ force: true, timeout: 1000 }).catch(() => undefined);
    await target.focus({ timeout: 1000 }).catch(() => undefined);
    // A trusted click where the element has a box, a synthetic one where it has none.
    await target
      .click({ force: true, timeout: 1000, noWaitAfter: true })
      .catch(() => target.dispatchEvent('click'));
  }
  // javascript: URLs and error events run as later tasks: let the page settle, then read the trap.
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) =>
        setTimeout(() => {
          const hits = (window as unknown as { __xss?: string[] }).__xss;
          resolve(hits ?? ['the trap is gone: the document was replaced']);
        }, 50),
      ),
  );
}

test.describe('rich text in the browser', () => {
  test('the trap catches script when the HTML is not sanitised', async ({ context }) => {
    const dialogs: string[] = [];
    const page = await isolate(context, dialogs);
    expect(await exercise(page, '<a href="javascript:xss(1)">link</a>')).toEqual(['xss(1)']);
    expect(await exercise(page, '<p onclick="xss(2)">p</p>')).toEqual(['xss(2)']);
    await page.setContent(`${TRAP}<img src="/missing.png" onerror="xss(3)">`);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __xss: string[] }).__xss))
      .toEqual(['xss(3)']);
    // A real dialog, should a vector reach a native alert the trap does not cover.
    const untrapped = await freshPage(context);
    await untrapped.setContent('<a href="javascript:alert(4)">x</a>');
    await untrapped.locator('a').click();
    await expect.poll(() => dialogs).toEqual(['alert: 4']);
  });

  const CHUNK = 40;
  for (let start = 0; start < XSS_VECTORS.length; start += CHUNK) {
    const vectors = XSS_VECTORS.slice(start, start + CHUNK);
    test(`nothing runs from sanitised vectors ${start + 1}–${start + vectors.length} of ${XSS_VECTORS.length}`, async ({
      context,
    }) => {
      const dialogs: string[] = [];
      const page = await isolate(context, dialogs);
      const ran: { vector: string; html: string; hits: string[] }[] = [];
      for (const vector of vectors) {
        const html = sanitizeRichText(vector);
        const hits = await exercise(page, html);
        if (hits.length) ran.push({ vector, html, hits });
        // Still the same document (a fragment link may add `#…`).
        expect(page.url().replace(/#.*/, ''), vector).toBe(`${ORIGIN}/`);
      }
      expect(ran).toEqual([]);
      expect(dialogs).toEqual([]);
    });
  }
});
