import { createFile } from 'mp4box';

/**
 * A small MP4 of `seconds` (one sample a second) with a video track of these sides, written by
 * GPAC's own writer (mp4box): what a test uploads as a share video.
 */
export function mp4(seconds: number, width = 720, height = 1280): Buffer {
  const file = createFile();
  const track = file.addTrack({
    timescale: 1000,
    width,
    height,
    type: 'avc1',
    duration: seconds * 1000,
    // A minimal AVC decoder configuration (version 1, High profile, level 3.1, no parameter sets).
    avcDecoderConfigRecord: new Uint8Array([1, 0x64, 0, 0x1f, 0xff, 0xe0, 0, 0]).buffer,
  } as never);
  for (let i = 0; i < seconds; i++)
    file.addSample(track, new Uint8Array(64), { duration: 1000, is_sync: true } as never);
  const stream = file.getBuffer() as unknown as { buffer: ArrayBuffer; byteLength: number };
  return Buffer.from(stream.buffer.slice(0, stream.byteLength));
}
