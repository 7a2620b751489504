/**
 * The pause button of motion an enhancer starts (WCAG 2.2.2): a slideshow, a background video.
 * Rendered `hidden` with both labels in the page's language; the enhancer finds it by `toggle`
 * (`button[data-{toggle}]`), shows it and switches its label between pause and play. Without
 * JavaScript nothing moves, so it stays hidden.
 */
export function PauseButton({
  toggle,
  pause,
  play,
  corner = "bottom",
}: {
  toggle: string;
  pause: string;
  play: string;
  /** Which end corner it sits in: the slideshow's dots take the bottom's middle, so it goes on top. */
  corner?: "top" | "bottom";
}) {
  return (
    <button
      type="button"
      hidden
      {...{ [`data-${toggle}`]: "" }}
      data-pause-label={pause}
      data-play-label={play}
      className={`absolute ${corner === "top" ? "top-3" : "bottom-3"} end-3 z-10 rounded-full bg-black/60 px-3 py-1.5 text-sm text-white hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white`}
    >
      {pause}
    </button>
  );
}
