import { describe, expect, it } from 'vitest';

import { createLogThrottle } from './log-throttle.ts';

describe('createLogThrottle', () => {
  it('logs the first failure at once, then one line a minute with the count suppressed', () => {
    let time = 0;
    const throttle = createLogThrottle(60_000, () => time);
    const lines: number[] = [];
    // a failure every 500 ms for three minutes
    for (; time < 180_000; time += 500) throttle.failed((suppressed) => lines.push(suppressed));
    expect(lines).toEqual([0, 119, 119]);
  });

  it('reports a recovery once, and logs the next outage at once', () => {
    let time = 0;
    const throttle = createLogThrottle(60_000, () => time);
    const lines: string[] = [];
    throttle.recovered(() => lines.push('recovered while healthy'));
    throttle.failed((n) => lines.push(`failed ${n}`));
    time += 500;
    throttle.failed((n) => lines.push(`failed ${n}`));
    time += 500;
    throttle.failed((n) => lines.push(`failed ${n}`));
    throttle.recovered((n) => lines.push(`recovered ${n}`));
    throttle.recovered((n) => lines.push(`recovered again ${n}`));
    time += 500;
    throttle.failed((n) => lines.push(`failed ${n}`));
    expect(lines).toEqual(['failed 0', 'recovered 2', 'failed 0']);
  });
});
