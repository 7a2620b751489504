/**
 * The signature field (decision 056): a pad over a plain canvas, with the constants of spec
 * section 9 (stroke width 0.5 to 2.5 by speed, 16 ms throttle, 5 px minimum distance, velocity
 * filter 0.7, black pen on a transparent background); clear, undo (the last stroke) and lock; and
 * export as png, jpeg or svg. It writes the drawing as a data URL into the field's hidden input.
 * react-signature-canvas, which the issue names, is not installed yet: this keeps its behaviour.
 */

export const PAD = {
  minWidth: 0.5,
  maxWidth: 2.5,
  throttle: 16,
  minDistance: 5,
  velocityFilterWeight: 0.7,
  penColor: "black",
  backgroundColor: "rgba(0,0,0,0)",
} as const;

export const TYPE_ERROR = "The Image type is incorrect! We are support image/png, image/jpeg, image/svg+xml types.";
const TYPES = ["image/png", "image/jpeg", "image/svg+xml"];

export interface Point {
  x: number;
  y: number;
  time: number;
}
/** One stroke: its points, with the width the pen had at each. */
export interface Stroke {
  points: (Point & { width: number })[];
}

/** The pen's width for a velocity (px/ms) filtered with the previous one. */
export function strokeWidth(velocity: number) {
  return Math.max(PAD.maxWidth / (velocity + 1), PAD.minWidth);
}

/** A pad's strokes as SVG: each segment a line of its width, black, on nothing. */
export function toSvg(strokes: readonly Stroke[], width: number, height: number) {
  const lines = strokes.flatMap((s) =>
    s.points.slice(1).map((p, i) => {
      const a = s.points[i]!;
      return `<line x1="${a.x.toFixed(1)}" y1="${a.y.toFixed(1)}" x2="${p.x.toFixed(1)}" y2="${p.y.toFixed(1)}" stroke="${PAD.penColor}" stroke-width="${p.width.toFixed(2)}" stroke-linecap="round"/>`;
    }),
  );
  const dots = strokes
    .filter((s) => s.points.length === 1)
    .map(
      (s) =>
        `<circle cx="${s.points[0]!.x.toFixed(1)}" cy="${s.points[0]!.y.toFixed(1)}" r="${PAD.maxWidth / 2}" fill="${PAD.penColor}"/>`,
    );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${[...lines, ...dots].join("")}</svg>`;
}

/** A signature pad over a canvas: what react-signature-canvas offers, in plain DOM. */
export class SignaturePad {
  private strokes: Stroke[] = [];
  private current: Stroke | null = null;
  private last: (Point & { width: number; velocity: number }) | null = null;
  private locked = false;
  onEnd: () => void = () => {};

  constructor(private readonly canvas: HTMLCanvasElement) {
    canvas.addEventListener("pointerdown", (e) => this.start(e));
    canvas.addEventListener("pointermove", (e) => this.move(e));
    for (const type of ["pointerup", "pointerleave", "pointercancel"]) canvas.addEventListener(type, () => this.end());
  }

  private point(e: PointerEvent): Point {
    const r = this.canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top, time: e.timeStamp };
  }

  private start(e: PointerEvent) {
    if (this.locked || e.button > 0) return;
    this.canvas.setPointerCapture?.(e.pointerId);
    const p = this.point(e);
    this.last = { ...p, width: (PAD.minWidth + PAD.maxWidth) / 2, velocity: 0 };
    this.current = { points: [{ ...p, width: this.last.width }] };
    this.strokes.push(this.current);
    this.draw();
  }

  private move(e: PointerEvent) {
    if (!this.current || !this.last) return;
    const p = this.point(e);
    if (p.time - this.last.time < PAD.throttle) return;
    const distance = Math.hypot(p.x - this.last.x, p.y - this.last.y);
    if (distance < PAD.minDistance) return;
    const raw = distance / Math.max(1, p.time - this.last.time);
    const velocity = PAD.velocityFilterWeight * raw + (1 - PAD.velocityFilterWeight) * this.last.velocity;
    const width = strokeWidth(velocity);
    this.current.points.push({ ...p, width });
    this.last = { ...p, width, velocity };
    this.draw();
  }

  private end() {
    if (!this.current) return;
    this.current = null;
    this.last = null;
    this.onEnd();
  }

  /** Redraws every stroke (after an undo, a clear or a resize). */
  draw() {
    const ctx = this.canvas.getContext("2d");
    if (!ctx) return;
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.fillStyle = PAD.backgroundColor;
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.strokeStyle = ctx.fillStyle = PAD.penColor;
    ctx.lineCap = "round";
    for (const s of this.strokes) {
      const [first] = s.points;
      if (!first) continue;
      if (s.points.length === 1) {
        ctx.beginPath();
        ctx.arc(first.x, first.y, PAD.maxWidth / 2, 0, Math.PI * 2);
        ctx.fill();
      }
      for (let i = 1; i < s.points.length; i++) {
        const a = s.points[i - 1]!;
        const b = s.points[i]!;
        ctx.beginPath();
        ctx.lineWidth = b.width;
        ctx.moveTo(a.x, a.y);
        ctx.lineTo(b.x, b.y);
        ctx.stroke();
      }
    }
  }

  clear() {
    this.strokes = [];
    this.draw();
  }

  /** Removes the last stroke. */
  undo() {
    this.strokes.pop();
    this.draw();
  }

  lock(locked = !this.locked) {
    this.locked = locked;
    return locked;
  }

  isEmpty() {
    return this.strokes.length === 0;
  }

  /** The drawing as a data URL: png, jpeg or svg; any other type is refused with the spec's message. */
  toDataURL(type = "image/png") {
    if (!TYPES.includes(type)) throw new Error(TYPE_ERROR);
    if (type === "image/svg+xml") {
      const svg = toSvg(this.strokes, this.canvas.width, this.canvas.height);
      return `data:image/svg+xml;base64,${btoa(svg)}`;
    }
    return this.canvas.toDataURL(type);
  }
}

export default function signature(el: HTMLElement) {
  for (const field of el.querySelectorAll<HTMLElement>("[data-signature-field]")) {
    if (field.dataset.signatureReady !== undefined) continue;
    field.dataset.signatureReady = "";
    const input = field.querySelector<HTMLInputElement>("input[data-signature-value]");
    const box = field.querySelector<HTMLElement>("[data-signature-pad]");
    const canvas = box?.querySelector("canvas");
    if (!input || !box || !canvas) continue;
    field.querySelector<HTMLElement>("[data-signature-nojs]")?.setAttribute("hidden", "");
    box.hidden = false;
    const pad = new SignaturePad(canvas);
    const size = () => {
      canvas.width = canvas.clientWidth;
      canvas.height = canvas.clientHeight;
      pad.draw();
    };
    size();
    const save = () => {
      input.value = pad.isEmpty() ? "" : pad.toDataURL("image/png");
    };
    pad.onEnd = save;
    for (const button of box.querySelectorAll<HTMLButtonElement>("[data-signature-action]")) {
      button.addEventListener("click", () => {
        const action = button.dataset.signatureAction;
        if (action === "clear") pad.clear();
        if (action === "undo") pad.undo();
        if (action === "lock") button.setAttribute("aria-pressed", String(pad.lock()));
        save();
      });
    }
    // A required signature: the browser's own check stops an empty pad being sent.
    const form = field.closest("form");
    if (form && input.dataset.required !== undefined) {
      form.addEventListener("submit", (event) => {
        if (pad.isEmpty()) {
          event.preventDefault();
          canvas.focus();
          canvas.setAttribute("aria-invalid", "true");
        }
      });
    }
  }
}
