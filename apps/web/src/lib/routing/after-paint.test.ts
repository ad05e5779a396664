import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { afterNextPaint, usePartsInTurn } from './after-paint';

describe('work after the next paint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
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

  /** A browser that reports paints: `show()` reports the page's first paint as on screen. */
  function reportedPaints() {
    let shownYet = false;
    const observers = new Set<() => void>();
    class FakeObserver {
      static supportedEntryTypes = ['paint'];
      private readonly notify: () => void;
      constructor(callback: () => void) {
        this.notify = () => callback();
      }
      observe() {
        observers.add(this.notify);
      }
      disconnect() {
        observers.delete(this.notify);
      }
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    vi.spyOn(performance, 'getEntriesByName').mockImplementation((name, type) =>
      shownYet && name === 'first-contentful-paint' && type === 'paint'
        ? [{ name, entryType: 'paint' } as PerformanceEntry]
        : [],
    );
    return {
      observing: () => observers.size,
      show() {
        shownYet = true;
        for (const notify of [...observers]) notify();
      },
    };
  }

  it("waits after the page's first frame until the browser reports it on screen", async () => {
    vi.useFakeTimers();
    const frames = handDrawnFrames();
    const paints = reportedPaints();
    const callback = vi.fn();
    afterNextPaint(callback);
    frames.draw();
    await vi.advanceTimersByTimeAsync(0);
    expect(callback).not.toHaveBeenCalled();
    expect(paints.observing()).toBe(1);
    paints.show();
    expect(callback).toHaveBeenCalledTimes(1);
    expect(paints.observing()).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(callback).toHaveBeenCalledTimes(1);
    // Once the first paint is on screen, later frames are not waited for beyond their paint.
    const later = vi.fn();
    afterNextPaint(later);
    frames.draw();
    await vi.advanceTimersByTimeAsync(0);
    expect(later).toHaveBeenCalledTimes(1);
    expect(paints.observing()).toBe(0);
  });

  it('stops waiting for the report once cancelled, or after the short wait', async () => {
    vi.useFakeTimers();
    const frames = handDrawnFrames();
    const paints = reportedPaints();
    const cancelled = vi.fn();
    const cancel = afterNextPaint(cancelled);
    frames.draw();
    await vi.advanceTimersByTimeAsync(0);
    cancel();
    expect(paints.observing()).toBe(0);
    const unreported = vi.fn();
    afterNextPaint(unreported);
    frames.draw();
    await vi.advanceTimersByTimeAsync(100);
    expect(unreported).toHaveBeenCalledTimes(1);
    expect(paints.observing()).toBe(0);
    paints.show();
    expect(cancelled).not.toHaveBeenCalled();
    expect(unreported).toHaveBeenCalledTimes(1);
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
