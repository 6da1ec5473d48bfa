import { FakeScript, actOut, type FakeMode } from '../../../lib/outside/index.ts';
import type { ImageVerdict } from './adapter.ts';

/**
 * The fake moderation: it reads the address — `nsfw` scores 100 (adult), `violence` 80, `racy` 50,
 * anything else 0 — so the demo and the tests know what an image will get. Its script acts out the
 * common failures (rate limit, 5xx, timeout).
 */
export class FakeVision {
  readonly seen: string[] = [];
  private readonly script = new FakeScript<FakeMode>('ok');

  set mode(mode: FakeMode) {
    this.script.mode = mode;
  }
  get mode(): FakeMode {
    return this.script.mode;
  }
  failNext(...outcomes: FakeMode[]): void {
    this.script.plan(...outcomes);
  }
  reset(): void {
    this.seen.length = 0;
    this.script.reset();
  }

  async moderate(url: string, signal?: AbortSignal): Promise<ImageVerdict> {
    await actOut(this.script.next(), 'Vision', signal, 30);
    this.seen.push(url);
    if (/nsfw/i.test(url)) return { score: 100, labels: ['adult'] };
    if (/violence/i.test(url)) return { score: 80, labels: ['violence'] };
    if (/racy/i.test(url)) return { score: 50, labels: ['racy'] };
    return { score: 0, labels: [] };
  }
}
