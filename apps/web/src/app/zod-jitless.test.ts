import { describe, expect, it } from 'vitest';

describe('zod without eval', () => {
  it('is configured jitless before zod loads, so it never probes new Function', async () => {
    await import('./zod-jitless.ts');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
    const probe = Function;
    let probed = false;
    globalThis.Function = new Proxy(probe, {
      construct(...args) {
        probed = true;
        return Reflect.construct(...args);
      },
    });
    try {
      const { z } = await import('zod');
      expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
    } finally {
      globalThis.Function = probe;
    }
    expect(probed).toBe(false);
  });
});
