import { describe, expect, it } from 'vitest';

import { createProgressRecorder, estimateSecondsLeft } from './rebuild-progress.ts';

const STARTED = '2026-03-01T12:00:00.000Z';
const after = (seconds: number) => new Date(Date.parse(STARTED) + seconds * 1000);
const running = (fields: {
  phase?: 'reading' | 'computing' | 'storing';
  rowsRead?: number;
  lastSeconds?: number | null;
}) => ({
  state: 'RUNNING' as const,
  phase: fields.phase ?? 'reading',
  rowsRead: fields.rowsRead ?? 0,
  rowsTotal: 1000,
  startedAt: STARTED,
  lastSeconds: fields.lastSeconds ?? null,
});

describe('estimateSecondsLeft', () => {
  it('takes a waiting rebuild to last as long as the previous one, or says nothing', () => {
    expect(estimateSecondsLeft({ state: 'WAITING', lastSeconds: 40 }, after(0))).toBe(40);
    expect(estimateSecondsLeft({ state: 'WAITING', lastSeconds: null }, after(0))).toBeNull();
  });

  it('goes by the rate so far while reading', () => {
    // 250 of 1,000 in 10 s: 30 s more.
    expect(estimateSecondsLeft(running({ rowsRead: 250, lastSeconds: 5 }), after(10))).toBe(30);
  });

  it('goes by the previous rebuild before the first rows and after the reading, never below a second', () => {
    expect(estimateSecondsLeft(running({ lastSeconds: 60 }), after(15))).toBe(45);
    expect(estimateSecondsLeft(running({ phase: 'computing', lastSeconds: 60 }), after(90))).toBe(
      1,
    );
    expect(estimateSecondsLeft(running({ phase: 'storing' }), after(5))).toBeNull();
  });
});

describe('createProgressRecorder', () => {
  it('writes the rows read at most once an interval, and a new phase at once', async () => {
    const writes: string[] = [];
    let clock = 0;
    const recorder = createProgressRecorder(
      {
        startProgress: async (_, total) => void writes.push(`start ${total}`),
        recordProgress: async (_, p) => void writes.push(`${p.phase} ${p.rowsRead}`),
        finishProgress: async () => void writes.push('finish'),
      },
      7,
      { now: () => new Date(clock) },
    );
    await recorder.start(300);
    for (const [ms, rows] of [
      [200, 100],
      [900, 200],
      [1_000, 300],
    ] as const) {
      clock = ms;
      await recorder.read(rows);
    }
    clock = 1_100;
    await recorder.phase('computing');
    await recorder.finish();
    expect(writes).toEqual(['start 300', 'reading 300', 'computing 300', 'finish']);
  });
});
