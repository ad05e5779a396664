import { afterEach, describe, expect, it, vi } from 'vitest';

import { afterFirstScreen, markScreenShown } from './first-screen';

describe('work that waits for the first screen', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits while no screen has been shown, and no longer than its limit', async () => {
    vi.useFakeTimers();
    let done = false;
    void afterFirstScreen(1000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('goes ahead once a screen has been shown and the browser is idle', async () => {
    vi.useFakeTimers();
    let done = false;
    void afterFirstScreen(60_000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(5000);
    expect(done).toBe(false);
    markScreenShown();
    // jsdom has no requestIdleCallback: a short timeout stands in for it.
    await vi.advanceTimersByTimeAsync(200);
    expect(done).toBe(true);
  });
});
