// CPU time of a benchmark's server and of its database, from /proc (Linux): what an answer costs,
// which a busy machine changes less than answers per second.
import fs from 'node:fs';

/**
 * CPU ticks (user and system, 1/100 s) of `pid` and of its descendants (the embedded PostgreSQL's
 * processes), the descendants' own ended children included (else a backend that ends mid-run
 * takes its CPU with it and the difference can go negative).
 */
export function cpuTicks(pid) {
  const stats = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command in parentheses may hold spaces: the fields are counted after it.
      const text = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.push({
        pid: Number(entry),
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
        // What its ended children spent (a database backend that ended during the run).
        reaped: Number(fields[13]) + Number(fields[14]),
      });
    } catch {
      /* ended meanwhile */
    }
  }
  const parent = new Map(stats.map((s) => [s.pid, s.ppid]));
  const under = (p) => {
    for (let at = parent.get(p); at; at = parent.get(at)) if (at === pid) return true;
    return false;
  };
  let own = 0;
  let children = 0;
  for (const s of stats) {
    if (s.pid === pid) own += s.ticks;
    else if (under(s.pid)) children += s.ticks + s.reaped;
  }
  return { own, children };
}
