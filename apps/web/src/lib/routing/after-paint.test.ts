import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { afterNextPaint, usePartsInTurn } from './after-paint';

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

  it("draws a screen's parts one per paint once they are ready, and keeps them drawn", async () => {
    vi.useFakeTimers();
    const frames = handDrawnFrames();
    const { result, rerender } = renderHook(({ ready }) => usePartsInTurn(3, ready), {
      initialProps: { ready: false },
    });
    const paint = async () => {
      await act(async () => {
        frames.draw();
        await vi.advanceTimersByTimeAsync(0);
      });
    };
    // Not ready: the first part only, however many frames go by.
    await paint();
    await paint();
    expect(result.current).toBe(1);
    rerender({ ready: true });
    expect(result.current).toBe(1);
    await paint();
    expect(result.current).toBe(2);
    await paint();
    expect(result.current).toBe(3);
    await paint();
    expect(result.current).toBe(3);
    // Parts drawn stay drawn when the data goes away again (a new filter being fetched).
    rerender({ ready: false });
    expect(result.current).toBe(3);
  });
});
