import type { ComponentType } from 'react';
import { create } from 'zustand';
import { patternPageOf } from '@rx/contracts/dimensions';

/**
 * Chunks that fail to load. Vite announces a failed preload (and a failed dynamic import it wraps)
 * with a `vite:preloadError` event on window (spec §2: "a preload-error event is dispatched if a
 * chunk fails"). Nearly always a deploy replaced the files of the build this tab runs: the console
 * offers a reload instead of failing silently.
 */
export const PRELOAD_ERROR_EVENT = 'vite:preloadError';

type PreloadErrorEvent = Event & { payload?: unknown };

export const useStaleBuild = create<{ stale: boolean }>(() => ({ stale: false }));

/** Errors already announced by an event, so a failure is never announced twice. */
const announced = new WeakSet<object>();

function onPreloadError(event: Event): void {
  const { payload } = event as PreloadErrorEvent;
  if (typeof payload === 'object' && payload !== null) announced.add(payload);
  // Not prevented: the import still rejects, and the page's error boundary shows the notice.
  useStaleBuild.setState({ stale: true });
}

let watching = false;

export function watchPreloadErrors(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener(PRELOAD_ERROR_EVENT, onPreloadError);
}

/** Announces a failed import that did not go through Vite's preload helper (same event, same payload). */
export function announceChunkError(error: unknown): void {
  if (typeof error === 'object' && error !== null && announced.has(error)) return;
  if (typeof window === 'undefined') return;
  const event: PreloadErrorEvent = new Event(PRELOAD_ERROR_EVENT, { cancelable: true });
  event.payload = error;
  window.dispatchEvent(event);
}

/** A page chunk could not be fetched: usually a deploy replaced the files of this tab's build. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'ChunkLoadError';
  }
}

/** Imports a chunk; a failure is announced and becomes a ChunkLoadError. */
export async function importChunk<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    announceChunkError(error);
    throw new ChunkLoadError(error);
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/** The page map (page-map.ts), loaded once with the first page. */
const pageMap = () => importChunk(() => import('./page-map.ts')).then((m) => m.pageModules);

/** The page folder of a catalogue path: `/basic/sub-channel/edit/:id` → `basic/sub-channel/edit`. */
export function pageFolder(path: string): string {
  return path
    .split('/')
    .filter((segment) => segment && !segment.startsWith(':'))
    .join('/');
}

/**
 * The module of a catalogue path: its own folder, else the pattern page that serves every page of
 * its kind (a platform's or a medium's: `share/app-share-manage/_platform/image-manage`).
 */
async function moduleKeyOf(path: string): Promise<string | undefined> {
  const map = await pageMap();
  const own = `../../pages/${pageFolder(path)}/index.ts`;
  if (own in map) return own;
  const pattern = patternPageOf(path);
  const shared = pattern && `../../pages/${pattern.module}/index.ts`;
  return shared && shared in map ? shared : undefined;
}

export async function hasPageModule(path: string): Promise<boolean> {
  return (await moduleKeyOf(path)) !== undefined;
}

/** Loads the component of a catalogue page; undefined when it has no module (not built yet). */
export async function loadPageComponent(path: string): Promise<ComponentType | undefined> {
  const key = await moduleKeyOf(path);
  if (!key) return undefined;
  const module = await importChunk((await pageMap())[key]!);
  if (!module.default) throw new Error(`${key.slice('../../'.length)} has no default export`);
  return module.default;
}
