/**
 * The gallery slider's previous and next buttons. The server renders the row (it scrolls and
 * snaps without JavaScript) and the two buttons `hidden`; this shows them when the row overflows,
 * pages by 90 % of its width, and marks a button disabled at its end of the row.
 */
export default function slider(el: HTMLElement) {
  const row = el.querySelector<HTMLElement>("[data-slider-row]");
  const back = el.querySelector<HTMLButtonElement>('[data-slider-step="-1"]');
  const forward = el.querySelector<HTMLButtonElement>('[data-slider-step="1"]');
  if (!row || !back || !forward || el.dataset.slider === "ready") return;
  el.dataset.slider = "ready";

  const update = () => {
    // scrollLeft runs negative in right-to-left pages: its size is the distance from the start.
    const position = Math.abs(row.scrollLeft);
    const atStart = position <= 1;
    const atEnd = position >= row.scrollWidth - row.clientWidth - 1;
    back.hidden = forward.hidden = atStart && atEnd;
    back.setAttribute("aria-disabled", String(atStart));
    forward.setAttribute("aria-disabled", String(atEnd));
  };
  const page = (direction: number) => {
    const rtl = getComputedStyle(row).direction === "rtl";
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    row.scrollBy({ left: direction * (rtl ? -1 : 1) * row.clientWidth * 0.9, behavior: still ? "auto" : "smooth" });
  };
  for (const button of [back, forward]) {
    button.addEventListener("click", () => {
      if (button.getAttribute("aria-disabled") !== "true") page(Number(button.dataset.sliderStep));
    });
  }
  row.addEventListener("scroll", update, { passive: true });
  window.addEventListener("resize", update);
  update();
}
