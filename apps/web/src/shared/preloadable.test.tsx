import { Suspense, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable.tsx';

const Greeting = ({ name }: { name: string }) => <b>hello {name}</b>;

const page = (Part: ComponentType<{ name: string }>) =>
  renderToString(
    <Suspense fallback={<i>loading</i>}>
      <Part name="staff" />
    </Suspense>,
  );

describe('preloadable', () => {
  it('renders at once, with its props, once preloaded', async () => {
    let loads = 0;
    const Part = preloadable(async () => {
      loads++;
      return Greeting;
    });
    await Part.preload();
    await Part.preload();
    expect(page(Part)).toBe('<!--$--><b>hello <!-- -->staff</b><!--/$-->');
    expect(loads).toBe(1);
  });

  it('suspends (shows the fallback) when not loaded yet, and loads once', () => {
    let loads = 0;
    const Part = preloadable(() => {
      loads++;
      return new Promise<typeof Greeting>(() => undefined);
    });
    expect(page(Part)).toContain('loading');
    void Part.preload();
    expect(loads).toBe(1);
  });
});
