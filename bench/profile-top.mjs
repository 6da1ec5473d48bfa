// The functions a V8 CPU profile (node --cpu-prof; bench/acs-load.mjs --profile DIR) spent its time
// in: self time per function and per package or source file, most first. Finds what the request path
// repeats per request. Usage: node bench/profile-top.mjs DIR_OR_FILE [--top 30] [--last SECONDS]
// (--last: only the samples of the profile's last seconds, e.g. the load of one route, not the start.)
import fs from 'node:fs';
import path from 'node:path';

const target = process.argv[2];
if (!target) {
  console.error('usage: node bench/profile-top.mjs DIR_OR_FILE [--top 30]');
  process.exit(1);
}
const topIndex = process.argv.indexOf('--top');
const top = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 30;
const lastIndex = process.argv.indexOf('--last');
const last = lastIndex > 0 ? Number(process.argv[lastIndex + 1]) * 1e6 : Infinity;
const files = fs.statSync(target).isDirectory()
  ? fs
      .readdirSync(target)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => path.join(target, f))
  : [target];

/** node_modules/<package> or the source file's last two parts. */
function placeOf(url) {
  if (!url) return '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return url;
  return url.split('/').slice(-2).join('/');
}

for (const file of files) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const deltas = profile.timeDeltas;
  const from = profile.endTime - last;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += deltas[i] ?? 0;
    if (at >= from) self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map();
  const byPlace = new Map();
  for (const [id, us] of self) {
    const { callFrame } = byId.get(id);
    const name = `${callFrame.functionName || '(anonymous)'} ${placeOf(callFrame.url)}:${callFrame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    const place = callFrame.url ? placeOf(callFrame.url) : callFrame.functionName || '(native)';
    byPlace.set(place, (byPlace.get(place) ?? 0) + us);
  }
  const show = (title, map) => {
    console.log(`\n${title}`);
    for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(
        `${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`,
      );
  };
  console.log(`${path.basename(file)}: ${(total / 1e6).toFixed(1)} s sampled`);
  show('self time by package or file', byPlace);
  show('self time by function', byFunction);
}
