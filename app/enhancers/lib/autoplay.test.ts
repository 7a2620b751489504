import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { autoplay } from "./autoplay";

describe("a slideshow's autoplay", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the next slide every delay, and waits for nothing in between", () => {
    const next = vi.fn();
    autoplay(next, 4000);
    vi.advanceTimersByTime(3999);
    expect(next).not.toHaveBeenCalled();
    // One timer at a time: nothing runs on every frame while a slide is shown.
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(next).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(8000);
    expect(next).toHaveBeenCalledTimes(3);
    expect(vi.getTimerCount()).toBe(1);
  });

  it("counts the delay again from a slide the visitor chose", () => {
    const next = vi.fn();
    const play = autoplay(next, 4000);
    vi.advanceTimersByTime(3000);
    play.restart();
    vi.advanceTimersByTime(3000);
    expect(next).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(next).toHaveBeenCalledTimes(1);
  });

  it("stays stopped by the button until started again, whatever else comes and goes", () => {
    const next = vi.fn();
    const play = autoplay(next, 4000);
    play.stop();
    expect(play.isStopped()).toBe(true);
    play.hold("focus", true);
    play.hold("focus", false);
    play.restart();
    vi.advanceTimersByTime(20_000);
    expect(next).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    play.start();
    vi.advanceTimersByTime(4000);
    expect(next).toHaveBeenCalledTimes(1);
  });

  it("waits while any hold lasts, and goes on once the last one ends", () => {
    const next = vi.fn();
    const play = autoplay(next, 4000);
    play.hold("pointer", true);
    play.hold("focus", true);
    vi.advanceTimersByTime(10_000);
    play.hold("pointer", false);
    vi.advanceTimersByTime(10_000);
    expect(next).not.toHaveBeenCalled();
    play.hold("focus", false);
    vi.advanceTimersByTime(4000);
    expect(next).toHaveBeenCalledTimes(1);
  });

  it("a hidden page holds it too, and a hold ended twice is ended once", () => {
    const next = vi.fn();
    const play = autoplay(next, 4000);
    play.hold("hidden", true);
    play.hold("hidden", true);
    vi.advanceTimersByTime(10_000);
    expect(next).not.toHaveBeenCalled();
    play.hold("hidden", false);
    play.hold("hidden", false);
    vi.advanceTimersByTime(4000);
    expect(next).toHaveBeenCalledTimes(1);
  });
});
