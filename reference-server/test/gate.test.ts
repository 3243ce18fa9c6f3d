// The concurrency gate (src/platform/limits/gate.ts) against a model: never more than its limit at once, turns in
// arrival order, a waiter refused only when its time runs out before its turn, a failed task's place passed on.
// The waiters' timers are fired by hand (the gate takes a scheduler), so no test waits on real time.
import fc from 'fast-check';
import { Gate, GateTimeout, type Schedule } from '../src/platform/limits/gate';
import { KEYS, startTestServer } from './helpers/server';

/** A scheduler whose timers fire when the test says. */
function manualTimers(): { schedule: Schedule; fire(index: number): void; pending(): number } {
  const timers: Array<{ fire: () => void; live: boolean }> = [];
  return {
    schedule: (_ms, fire) => {
      const timer = { fire, live: true };
      timers.push(timer);
      return () => {
        timer.live = false;
      };
    },
    fire(index) {
      const live = timers.filter((t) => t.live);
      const timer = live[index % live.length];
      if (!timer) return;
      timer.live = false;
      timer.fire();
    },
    pending: () => timers.filter((t) => t.live).length,
  };
}

const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

interface Task {
  id: number;
  finish(fail: boolean): void;
}

describe('Gate', () => {
  it('runs at most its limit at once, in arrival order, and refuses only a waiter whose time ran out (fast-check)', async () => {
    const op = fc.oneof(
      fc.constant({ kind: 'arrive' as const }),
      fc.record({ kind: fc.constant('finish' as const), which: fc.nat(), fail: fc.boolean() }),
      fc.record({ kind: fc.constant('expire' as const), which: fc.nat() }),
    );
    let refusedSomewhere = false;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 3 }), fc.array(op, { maxLength: 40 }), async (limit, ops) => {
        const timers = manualTimers();
        const gate = new Gate(limit, 1000, timers.schedule);
        const running: Task[] = [];
        const started: number[] = [];
        const refused: number[] = [];
        // The model: who runs, who waits (in arrival order), who was refused.
        const model = {
          running: new Set<number>(),
          waiting: [] as number[],
          started: [] as number[],
          refused: [] as number[],
        };
        let next = 0;
        for (const o of ops) {
          if (o.kind === 'arrive') {
            const id = next++;
            void gate
              .run(
                () =>
                  new Promise<void>((resolve, reject) => {
                    started.push(id);
                    running.push({ id, finish: (fail) => (fail ? reject(new Error('task failed')) : resolve()) });
                  }),
              )
              .catch((err: unknown) => {
                if (err instanceof GateTimeout) refused.push(id);
              });
            if (model.running.size < limit) {
              model.running.add(id);
              model.started.push(id);
            } else model.waiting.push(id);
          } else if (o.kind === 'finish' && running.length > 0) {
            const [task] = running.splice(o.which % running.length, 1) as [Task];
            task.finish(o.fail);
            model.running.delete(task.id);
            const first = model.waiting.shift();
            if (first !== undefined) {
              model.running.add(first);
              model.started.push(first);
            }
          } else if (o.kind === 'expire' && model.waiting.length > 0) {
            // Only the waiters' timers are live (a started task's timer was cancelled): the k-th live timer is the
            // k-th waiter in arrival order.
            expect(timers.pending()).toBe(model.waiting.length);
            const [gone] = model.waiting.splice(o.which % model.waiting.length, 1) as [number];
            timers.fire(o.which % (model.waiting.length + 1));
            model.refused.push(gone);
          }
          await settle();
          expect({ load: gate.load, started, refused }).toEqual({
            load: { running: model.running.size, waiting: model.waiting.length },
            started: model.started,
            refused: model.refused,
          });
          if (model.refused.length > 0) refusedSomewhere = true;
        }
      }),
      { numRuns: 300, seed: 1127 },
    );
    expect(refusedSomewhere).toBe(true);
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => new Gate(0, 1000)).toThrow(RangeError);
    expect(() => new Gate(1.5, 1000)).toThrow(RangeError);
  });
});

describe('GET /compliance/summary through its gate', () => {
  it('answers every request of a burst larger than the gate, each the same summary', async () => {
    const t = await startTestServer({ env: { COMPLIANCE_SUMMARY_CONCURRENCY: '1', READ_CACHE_ENTRIES: '0' } });
    try {
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => t.api('GET', '/compliance/summary', KEYS.enterpriseLive)),
      );
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      const bodies = answers.map((r) => {
        const { generatedAt: _, ...rest } = (JSON.parse(r.payload) as { data: Record<string, unknown> }).data;
        return rest;
      });
      for (const body of bodies) expect(body).toEqual(bodies[0]);
      expect((bodies[0].properties as unknown[]).length).toBeGreaterThan(0);
    } finally {
      await t.stop();
    }
  });
});
