import { describe, expect, it } from 'vitest';

import { usageBar } from './usage-bar';

describe('usage bar', () => {
  it('fills with the share used, amber from 90% and red beyond what is included', () => {
    expect(usageBar(6, 10)).toEqual({ value: 60, color: 'primary' });
    expect(usageBar(9, 10)).toEqual({ value: 90, color: 'warning' });
    expect(usageBar(10, 10)).toEqual({ value: 100, color: 'warning' });
    expect(usageBar(12, 10)).toEqual({ value: 100, color: 'error' });
  });

  it('is empty for an item that includes and used nothing, and red once something is used of it', () => {
    expect(usageBar(0, 0)).toEqual({ value: 0, color: 'primary' });
    expect(usageBar(3, 0)).toEqual({ value: 100, color: 'error' });
  });
});
