import { readdirSync, readFileSync } from 'node:fs';

/** CPU seconds of every PostgreSQL process on this machine (the server runs here), from /proc. */
export const postgresCpuSeconds = (): number => {
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
      const fields = stat.slice(close + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended while being read
    }
  }
  return ticks / 100;
};
