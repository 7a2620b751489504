/**
 * A slideshow's autoplay on one timer: `next` runs `delay` ms after the last slide was shown,
 * unless the visitor stopped it (the pause button) or something holds it for a while (the pointer
 * over it, the focus in it, the page hidden).
 *
 * Swiper's own Autoplay module measures the time left on every animation frame, for a progress
 * display we do not show; its requestAnimationFrame loop kept the page rendering 60 frames a
 * second for as long as it was open (a fifth of a core on the home page while a visitor reads it,
 * and a phone's battery with it). A timer does nothing between slides.
 */
export interface Autoplay {
  /** A slide was shown, by the timer or by the visitor: the next one comes `delay` after it. */
  restart(): void;
  /** The visitor's choice (the pause button): stopped until started again. */
  stop(): void;
  start(): void;
  /** Holds the slideshow while `reason` lasts (`on`), and lets it go on once no reason is left. */
  hold(reason: string, on: boolean): void;
  isStopped(): boolean;
}

export function autoplay(next: () => void, delay: number): Autoplay {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const holds = new Set<string>();
  const arm = () => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped || holds.size > 0) return;
    timer = setTimeout(() => {
      next();
      arm();
    }, delay);
  };
  arm();
  return {
    restart: arm,
    stop() {
      stopped = true;
      arm();
    },
    start() {
      stopped = false;
      arm();
    },
    hold(reason, on) {
      if (on) holds.add(reason);
      else holds.delete(reason);
      arm();
    },
    isStopped: () => stopped,
  };
}
