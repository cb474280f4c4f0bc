import fc from 'fast-check';
import { it } from 'vitest';
import { basketHistoryArb } from '../../../testing/src/arbitraries/histories';

it('probe', () => {
  const mix = new Map<string, { ok: number; same: number; no: Map<string, number> }>();
  const endings = new Map<string, number>();
  const events = new Map<string, number>();
  let steps = 0;
  const t0 = Date.now();
  for (const h of fc.sample(basketHistoryArb(), { numRuns: 300, seed: 42 })) {
    endings.set(h.state.status, (endings.get(h.state.status) ?? 0) + 1);
    for (const e of h.events) events.set(e.type, (events.get(e.type) ?? 0) + 1);
    for (const s of h.steps) {
      steps++;
      const m = mix.get(s.command.type) ?? { ok: 0, same: 0, no: new Map() };
      if (s.outcome._tag === 'Right') { if (s.outcome.right.length) m.ok++; else m.same++; }
      else m.no.set(s.outcome.left.code, (m.no.get(s.outcome.left.code) ?? 0) + 1);
      mix.set(s.command.type, m);
    }
  }
  console.log('ms', Date.now() - t0, 'steps', steps);
  for (const [type, m] of mix) {
    const no = [...m.no.values()].reduce((a, b) => a + b, 0);
    const total = m.ok + m.same + no;
    console.log(type.padEnd(24), String(total).padStart(5), 'changed', (m.ok / total * 100).toFixed(0).padStart(3) + '%', 'same', (m.same / total * 100).toFixed(0).padStart(3) + '%', 'refused', (no / total * 100).toFixed(0).padStart(3) + '%', JSON.stringify(Object.fromEntries(m.no)));
  }
  console.log(JSON.stringify(Object.fromEntries(endings)));
  console.log(JSON.stringify(Object.fromEntries(events)));
});
