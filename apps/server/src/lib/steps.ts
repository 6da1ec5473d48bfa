import { setImmediate as nextLoop } from 'node:timers/promises';

/** How long a piece of work may hold the event loop before it lets other requests in. */
export const SLICE_MS = 10;

/**
 * Long CPU work (parsing an upload, checking thousands of rows) would starve every other request.
 * Calling `pause()` often is cheap: it yields to the event loop only once a slice has been used.
 */
export function eventLoopSlicer(sliceMs = SLICE_MS): { pause(): Promise<void> } {
  let since = performance.now();
  return {
    async pause() {
      if (performance.now() - since < sliceMs) return;
      await nextLoop();
      since = performance.now();
    },
  };
}

/** Runs work written as a generator (it yields between steps) to the end, at once. */
export function runSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Runs the same work letting other requests in between steps. */
export async function runStepsYielding<T>(steps: Generator<void, T>): Promise<T> {
  const slicer = eventLoopSlicer();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    await slicer.pause();
  }
}
