import { afterEach, describe, expect, it, vi } from 'vitest';

import { afterNextPaint } from './after-paint';

describe('work after the next paint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  /** Frames the test draws by hand: `draw()` runs the frame callbacks, as a paint would follow. */
  function handDrawnFrames() {
    let callbacks: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      callbacks.push(callback);
      return callbacks.length;
    });
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    return {
      draw() {
        const due = callbacks;
        callbacks = [];
        for (const callback of due) callback(performance.now());
      },
    };
  }

  it('runs in a task after the frame, not in the frame callback itself', async () => {
    vi.useFakeTimers();
    const frames = handDrawnFrames();
    const callback = vi.fn();
    afterNextPaint(callback);
    await vi.advanceTimersByTimeAsync(50);
    expect(callback).not.toHaveBeenCalled();
    frames.draw();
    expect(callback).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(callback).toHaveBeenCalledTimes(1);
    // The hidden-page fallback does not call it a second time.
    await vi.advanceTimersByTimeAsync(1000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs after a short wait on a page that draws no frames', async () => {
    vi.useFakeTimers();
    handDrawnFrames();
    const callback = vi.fn();
    afterNextPaint(callback);
    await vi.advanceTimersByTimeAsync(99);
    expect(callback).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('does not run once cancelled', async () => {
    vi.useFakeTimers();
    const frames = handDrawnFrames();
    const callback = vi.fn();
    const cancel = afterNextPaint(callback);
    cancel();
    frames.draw();
    await vi.advanceTimersByTimeAsync(1000);
    expect(callback).not.toHaveBeenCalled();
  });
});
