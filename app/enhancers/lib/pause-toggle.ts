/**
 * Wires a pause button the server rendered hidden (`app/components/pause-button.tsx`): shows it,
 * labels it with what it will do (`data-pause-label`, `data-play-label`) and calls `onToggle`
 * with the new state on each press. Shared by the enhancers whose motion it stops.
 */
export function pauseToggle(button: HTMLButtonElement, onToggle: (paused: boolean) => void) {
  let paused = false;
  const label = () => {
    button.textContent = (paused ? button.dataset.playLabel : button.dataset.pauseLabel) ?? "";
  };
  button.addEventListener("click", () => {
    paused = !paused;
    onToggle(paused);
    label();
  });
  label();
  button.hidden = false;
  return { isPaused: () => paused };
}
