// Upload-to-listed time of a BENCH_PACKAGE_MB (200) MB package (issue 29's figure). A real APK-like
// zip is written to disk as a stream (never whole in memory): a binary AndroidManifest.xml (the
// tests' writer, apps/server/test/packages.ts), a dex, then incompressible random bytes in stored
// entries of 32 MB. Then, as the demo admin against the built server in its own process (the
// embedded PostgreSQL in a new data folder, or a new database on DATABASE_URL's server; the demo
// without players): the upload as the console sends it (one multipart POST /api/v1/files?use=package,
// the file streamed from disk), GET /app-packages/inspect (the manifest read by ranged reads), the
// create, and the list polled until the package shows. Printed: each phase's time and the total,
// the server's peak RSS (VmHWM, and the largest RSS sampled during the work against before it),
// /healthz p50/p99/worst during the work (asked every 20 ms) against 5 s before it, and the load.
// Usage: npm run build -w apps/server && npx tsx bench/package-upload.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { Zip, ZipPassThrough } from 'fflate';
import { androidManifest, DEFAULT_APK } from '../apps/server/test/packages.ts';
import { benchTarget, machine, percentile, signIn, startServer } from './support.ts';

const MB = 1024 * 1024;
const SIZE_MB = Number(process.env.BENCH_PACKAGE_MB ?? 200);
const VERSION_CODE = 4200;

/** Writes the APK to `file` entry by entry, chunk by chunk, waiting for the disk (backpressure). */
async function writeApk(file: string): Promise<number> {
  const out = fs.createWriteStream(file);
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.write(chunk);
  });
  const drained = async () => {
    if (failure) throw failure;
    if (out.writableLength > 8 * MB) await once(out, 'drain');
  };
  const stored = async (name: string, chunks: () => Iterable<Uint8Array>) => {
    const entry = new ZipPassThrough(name);
    zip.add(entry);
    for (const chunk of chunks()) {
      entry.push(chunk);
      await drained();
    }
    entry.push(new Uint8Array(0), true);
  };
  await stored('AndroidManifest.xml', function* () {
    yield androidManifest({ ...DEFAULT_APK, versionCode: VERSION_CODE, versionName: '4.2.0' });
  });
  await stored('classes.dex', function* () {
    yield Buffer.from('dex\n035\0bench code');
  });
  const blobs = Math.ceil(SIZE_MB / 32);
  for (let n = 0; n < blobs; n++) {
    const mb = Math.min(32, SIZE_MB - n * 32);
    await stored(`assets/bundle-${n}.bin`, function* () {
      for (let i = 0; i < mb; i++) yield randomBytes(MB);
    });
  }
  zip.end();
  out.end();
  await once(out, 'finish');
  if (failure) throw failure;
  return fs.statSync(file).size;
}

/** The server's resident memory now and at its peak (kB), from /proc. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-package-'));
const apk = path.join(folder, 'game-4.2.0.apk');
const target = await benchTarget('package');
try {
  let at = performance.now();
  const size = await writeApk(apk);
  console.log(
    `Package upload, ${(size / MB).toFixed(1)} MB APK written to disk in ${fmt(performance.now() - at)}; ` +
      `server on ${target.label} [${machine()}]`,
  );
  const { child, base } = await startServer({
    ...target.env,
    DEMO_PLAYERS: '0',
    RATE_LIMIT_CONSOLE: '1000000',
  });
  try {
    const token = await signIn(base);
    const auth = { authorization: `Bearer ${token}` };
    const call = async <T>(url: string, init: RequestInit = {}) => {
      const answer = (await (await fetch(base + url, init)).json()) as { code: number; data: T; msg: string };
      if (answer.code !== 0) throw new Error(`${url}: ${JSON.stringify(answer)}`);
      return answer.data;
    };
    const games = await call<{ list: { id: number; code: string }[] }>('/api/v1/products?q=xianxia', {
      headers: auth,
    });
    const headers = { ...auth, 'x-product-id': String(games.list.find((g) => g.code === 'xianxia')!.id) };

    // /healthz every 20 ms: 5 s before the work (the machine's own noise), then during it; the
    // server's RSS sampled at the same pace.
    const probe = (until: () => boolean, into: number[], rss: number[]) =>
      (async () => {
        while (!until()) {
          const start = performance.now();
          await (await fetch(`${base}/healthz`)).text();
          into.push(performance.now() - start);
          rss.push(memoryOf(child.pid!).rss);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
    const idle: number[] = [];
    const idleRss: number[] = [];
    const idleEnd = performance.now() + 5000;
    await probe(() => performance.now() >= idleEnd, idle, idleRss);
    const before = memoryOf(child.pid!);

    let working = true;
    const busy: number[] = [];
    const busyRss: number[] = [];
    const probing = probe(() => !working, busy, busyRss);
    const phases: [string, number][] = [];
    const phase = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
      const start = performance.now();
      const result = await work();
      phases.push([name, performance.now() - start]);
      return result;
    };
    at = performance.now();
    try {
      // As the console sends it: one multipart body, the file read from disk as it goes.
      const file = await phase('upload', async () => {
        const form = new FormData();
        form.append('file', await fs.openAsBlob(apk), path.basename(apk));
        return call<{ id: string; sha256: string; size: number }>('/api/v1/files?use=package', {
          method: 'POST',
          headers: { authorization: headers.authorization },
          body: form,
        });
      });
      if (file.size !== size) throw new Error(`stored ${file.size} bytes of ${size}`);
      const inspection = await phase('inspect', () =>
        call<{ manifest: { version_code: number } }>(
          `/api/v1/app-packages/inspect?file_id=${file.id}&platform=android`,
          { headers },
        ),
      );
      if (inspection.manifest.version_code !== VERSION_CODE)
        throw new Error(`inspect: ${JSON.stringify(inspection)}`);
      const created = await phase('create', () =>
        call<{ id: number }>('/api/v1/app-packages', {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            platform: 'android',
            version_name: '4.2.0',
            version_code: VERSION_CODE,
            file_id: file.id,
            note: 'bench',
          }),
        }),
      );
      await phase('listed', async () => {
        for (;;) {
          const list = await call<{ list: { id: number }[] }>('/api/v1/app-packages?sort=-id', {
            headers,
          });
          if (list.list.some((row) => row.id === created.id)) return;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      });
    } finally {
      working = false;
      await probing;
    }
    const total = performance.now() - at;
    const after = memoryOf(child.pid!);
    busy.sort((a, b) => a - b);
    idle.sort((a, b) => a - b);
    console.log(
      `  ${phases.map(([name, ms]) => `${name} ${fmt(ms)}`).join(', ')}; upload to listed ${fmt(total)} [${machine()}]`,
    );
    console.log(
      `  server RSS: ${mb(before.rss)} before, at most ${mb(Math.max(...busyRss))} sampled during the work, ` +
        `${mb(after.rss)} after; peak (VmHWM) ${mb(before.peak)} before the work, ${mb(after.peak)} after`,
    );
    console.log(
      `  /healthz during the work: p50 ${percentile(busy, 50).toFixed(1)} ms, p99 ${percentile(busy, 99).toFixed(1)} ms, ` +
        `worst ${busy[busy.length - 1]!.toFixed(1)} ms (${busy.length} probes, 20 ms apart); 5 s before it: ` +
        `p50 ${percentile(idle, 50).toFixed(1)} ms, p99 ${percentile(idle, 99).toFixed(1)} ms, worst ${idle[idle.length - 1]!.toFixed(1)} ms`,
    );
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
} finally {
  fs.rmSync(folder, { recursive: true, force: true });
  await target.drop();
}
