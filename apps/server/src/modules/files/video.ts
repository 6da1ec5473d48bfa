import fs from 'node:fs';
import { createFile, MP4BoxBuffer, type Movie } from 'mp4box';
import { VIDEO_LIMITS } from '@rx/contracts';
import type { Sniffed } from './sniff.ts';

/** How much of the file one read takes: the container's boxes are found by seeking past the media data. */
const CHUNK = 1024 * 1024;

/** Whether the bytes start like an ISO base media file (MP4): a `ftyp` box first. */
export function looksLikeMp4(head: Uint8Array): boolean {
  return head.length >= 12 && String.fromCharCode(...head.subarray(4, 8)) === 'ftyp';
}

/**
 * An MP4 checked on its container by GPAC's parser (mp4box): it must have a video track and last
 * VIDEO_LIMITS' seconds. The file is read in chunks where the parser asks for them (it skips the
 * media data to reach a `moov` at the end), asynchronously, never all in memory at once.
 */
export async function sniffVideo(file: string, size: number): Promise<Sniffed & { durationMs?: number }> {
  const parser = createFile();
  let movie: Movie | undefined;
  let failed = false;
  parser.onReady = (info) => {
    movie = info;
  };
  parser.onError = () => {
    failed = true;
  };
  const handle = await fs.promises.open(file, 'r');
  try {
    let position = 0;
    // Each read moves forward; a bounded number of reads whatever the file holds.
    for (let reads = 0; !movie && !failed && position < size && reads < 4096; reads++) {
      const length = Math.min(CHUNK, size - position);
      const bytes = new Uint8Array(length);
      const { bytesRead } = await handle.read(bytes, 0, length, position);
      if (bytesRead === 0) break;
      const chunk = MP4BoxBuffer.fromArrayBuffer(bytes.buffer.slice(0, bytesRead), position);
      const next = parser.appendBuffer(chunk);
      position = next > position ? next : position + bytesRead;
    }
    if (!movie) parser.flush();
  } catch {
    failed = true;
  } finally {
    await handle.close();
  }
  const video = movie?.videoTracks[0];
  if (failed || !movie || !video) return { ok: false, key: 'not_video' };
  const seconds =
    movie.timescale && movie.duration
      ? movie.duration / movie.timescale
      : video.timescale
        ? video.duration / video.timescale
        : 0;
  if (!(seconds >= VIDEO_LIMITS.minSeconds) || seconds > VIDEO_LIMITS.maxSeconds)
    return { ok: false, key: seconds > 0 ? 'video_duration' : 'not_video' };
  return {
    ok: true,
    contentType: 'video/mp4',
    width: video.video?.width || video.track_width || undefined,
    height: video.video?.height || video.track_height || undefined,
    durationMs: Math.round(seconds * 1000),
  };
}
