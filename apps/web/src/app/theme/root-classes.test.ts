import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { storage } from '@/shared/storage.ts';
import { THEME_NAMES, type ThemeName } from '@/shared/settings.ts';
import { applyRootClasses, rootClassNames, THEME_CLASSES } from './root-classes.ts';

const classList = (initial: string[] = []) => {
  const set = new Set(initial);
  return {
    set,
    add: (...names: string[]) => names.forEach((name) => set.add(name)),
    remove: (...names: string[]) => names.forEach((name) => set.delete(name)),
  };
};

describe('root classes', () => {
  it('name the theme and the display modes that are on', () => {
    expect(rootClassNames('dark-blue', { showGreyMode: false, showColorWeakness: false })).toEqual([
      'theme-dark-blue',
    ]);
    expect(rootClassNames('normal', { showGreyMode: true, showColorWeakness: true })).toEqual([
      'theme-normal',
      'grey-mode',
      'color-weakness',
    ]);
  });

  it('replace the previous theme and modes but leave other classes alone', () => {
    const list = classList(['theme-dark', 'grey-mode', 'nprogress-busy']);
    applyRootClasses(list, rootClassNames('normal', { showGreyMode: false, showColorWeakness: true }));
    expect([...list.set].sort()).toEqual(['color-weakness', 'nprogress-busy', 'theme-normal']);
  });
});

describe('the first-paint script (public/theme-boot.js)', () => {
  const html = readFileSync(new URL('../../../index.html', import.meta.url), 'utf8');
  const script = readFileSync(new URL('../../../public/theme-boot.js', import.meta.url), 'utf8');

  it('is loaded by a blocking script in the head, before the app, and index.html has no inline script', () => {
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<script src="/theme-boot.js"></script>');
    expect(html.indexOf('theme-boot.js')).toBeLessThan(html.indexOf('type="module"'));
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  /** Runs the script against saved values, as the browser does before the bundle loads. */
  function firstPaintClasses(saved: Record<string, string>): string[] {
    const list = classList();
    const localStorage = { getItem: (key: string) => saved[key] ?? null };
    runInNewContext(script, { localStorage, document: { documentElement: { classList: list } } });
    return [...list.set].sort();
  }

  it('puts the same classes on <html> as the app does, from the same storage keys', () => {
    expect(script).not.toBe('');
    const modes = { showGreyMode: true, showColorWeakness: false };
    for (const theme of THEME_NAMES) {
      const saved = {
        [storage.activeThemeName.key]: JSON.stringify(theme),
        [storage.layoutConfig.key]: JSON.stringify(modes),
      };
      expect(firstPaintClasses(saved)).toEqual(rootClassNames(theme, modes).sort());
    }
  });

  it('falls back to the normal theme when nothing or something unreadable is saved', () => {
    expect(firstPaintClasses({})).toEqual([THEME_CLASSES.normal]);
    const garbled = { [storage.activeThemeName.key]: '{not json', [storage.layoutConfig.key]: 'null' };
    expect(firstPaintClasses(garbled)).toEqual([THEME_CLASSES.normal]);
    const unknown = { [storage.activeThemeName.key]: JSON.stringify('purple' as ThemeName) };
    expect(firstPaintClasses(unknown)).toEqual([THEME_CLASSES.normal]);
  });
});
