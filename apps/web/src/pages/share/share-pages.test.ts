import { describe, expect, it } from 'vitest';
import { leafPages } from '@rx/contracts/pages';
import { hasPageModule } from '@/app/routes/modules.ts';

// Issue 30's first "done when": every page of the social sharing group (catalogue group 7) has its
// page module — its own folder or its kind's (`share/app-share-manage/_platform/…`) — so none
// shows the not-built page. The e2e specs (share-platforms, share-tracking, share-ad-calendar,
// landing-pages, lottery) use each kind in the browser.
describe('the social sharing pages', () => {
  const pages = leafPages().filter((page) => page.parents.includes('/share-tools'));

  it('are the catalogue’s 111, each with its page module', async () => {
    expect(pages).toHaveLength(111);
    const missing: string[] = [];
    for (const page of pages) if (!(await hasPageModule(page.path))) missing.push(page.path);
    expect(missing).toEqual([]);
  });
});
