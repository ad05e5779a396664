import { describe, expect, it } from 'vitest';

describe('validation config', () => {
  it('zod runs without eval once the entry has set its config', async () => {
    await import('./validation-config');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});
