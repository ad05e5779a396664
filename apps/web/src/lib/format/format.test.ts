import { describe, expect, it } from 'vitest';

import { daysUntil } from './format';

describe('days until a date', () => {
  const today = new Date(2026, 10, 25, 22, 30);

  it('counts calendar days from the viewer’s today, whatever the hour', () => {
    expect(daysUntil('2026-12-31', today)).toBe(36);
    expect(daysUntil('2026-11-26', today)).toBe(1);
    expect(daysUntil('2026-11-25', today)).toBe(0);
    expect(daysUntil('2026-11-24', today)).toBe(-1);
    expect(daysUntil('2026-12-31', new Date(2026, 10, 25, 0, 5))).toBe(36);
  });
});
