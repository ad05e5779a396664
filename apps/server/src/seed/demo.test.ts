import { describe, expect, it } from 'vitest';

import { createRandom } from './demo.ts';

describe('createRandom', () => {
  it('is deterministic for a seed and stays in range', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const first = Array.from({ length: 5 }, () => a.next());
    expect(first).toEqual(Array.from({ length: 5 }, () => b.next()));
    for (let i = 0; i < 1000; i++) {
      const n = a.int(3, 9);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(9);
    }
    expect(createRandom(43).next()).not.toBe(first[0]);
  });
});
