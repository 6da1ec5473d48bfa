import { afterEach, describe, expect, it, vi } from 'vitest';
import { leafPages } from '@rx/contracts/pages';
import {
  announceChunkError,
  importChunk,
  isChunkLoadError,
  PRELOAD_ERROR_EVENT,
  useStaleBuild,
  watchPreloadErrors,
} from './modules.ts';
import { hasPageModule, loadPageComponent, pageFolder } from './modules.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('page modules', () => {
  it('map a catalogue path to its folder without :params', () => {
    expect(pageFolder('/projectbase/projectbase-fe/game-prop-config')).toBe(
      'projectbase/projectbase-fe/game-prop-config',
    );
    expect(pageFolder('/basic/sub-channel/edit/:id')).toBe('basic/sub-channel/edit');
    expect(pageFolder('/commercialactivity/scene-config/detail/:uid?/:copy?')).toBe(
      'commercialactivity/scene-config/detail',
    );
  });

  it('find the built pages and leave the others to the not-built page', async () => {
    expect(await hasPageModule('/homepage/index')).toBe(true);
    expect(await hasPageModule('/service/user-manage')).toBe(true);
    // The catalogue's pages still without a module (computed: other work builds them one by one)
    // load nothing, so the router shows them the not-built page; a path of no page neither.
    for (const page of leafPages()) {
      if (page.external || (await hasPageModule(page.path))) continue;
      await expect(loadPageComponent(page.path)).resolves.toBeUndefined();
    }
    await expect(loadPageComponent('/service/no-such-page')).resolves.toBeUndefined();
  });

  it('share a folder only between a list and its `/:id` detail (the page module tells them apart)', () => {
    const byFolder = new Map<string, string[]>();
    for (const page of leafPages()) {
      const folder = pageFolder(page.path);
      byFolder.set(folder, [...(byFolder.get(folder) ?? []), page.path]);
    }
    for (const paths of byFolder.values()) {
      if (paths.length === 1) continue;
      const [list, detail] = paths;
      expect(paths).toHaveLength(2);
      expect(detail).toMatch(new RegExp(`^${list}/:\\w+\\??$`));
    }
  });
});

describe('chunk errors', () => {
  function stubWindow() {
    const target = new EventTarget();
    vi.stubGlobal('window', target);
    return target;
  }

  it('announce a failed import with the preload-error event, once, and mark the build stale', async () => {
    const target = stubWindow();
    const seen: unknown[] = [];
    target.addEventListener(PRELOAD_ERROR_EVENT, (event) =>
      seen.push((event as Event & { payload?: unknown }).payload),
    );
    watchPreloadErrors();
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const error = await importChunk(() => Promise.reject(failure)).catch((e: unknown) => e);
    expect(isChunkLoadError(error)).toBe(true);
    expect((error as Error).cause).toBe(failure);
    expect(seen).toEqual([failure]);
    expect(useStaleBuild.getState().stale).toBe(true);
    // Already announced (by Vite's helper or by us): not again.
    announceChunkError(failure);
    expect(seen).toHaveLength(1);
  });

  it('pass a successful import through', async () => {
    stubWindow();
    await expect(importChunk(() => Promise.resolve({ default: 1 }))).resolves.toEqual({ default: 1 });
  });
});
