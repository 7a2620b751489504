/**
 * The signature field (decisions 056, 060): react-signature-canvas, mounted in its own small React
 * root where a form has a signature, so the page itself still ships no Remix runtime. The pad
 * takes the constants of spec section 9 (stroke width 0.5 to 2.5 by speed, 16 ms throttle, 5 px
 * minimum distance, velocity filter 0.7, black pen on a transparent background); clear, undo (the
 * last stroke) and lock; and exports png, jpeg or svg. The drawing goes, as a PNG data URL, into
 * the field's hidden input, which the form posts.
 */
import { createElement } from "react";
import { createRoot } from "react-dom/client";
import SignatureCanvasModule from "react-signature-canvas";

// A UMD build: its class is the default export, or the default's default through esbuild.
const SignatureCanvas =
  (SignatureCanvasModule as unknown as { default?: typeof SignatureCanvasModule }).default ?? SignatureCanvasModule;

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
export const SIGNATURE_TYPES = ["image/png", "image/jpeg", "image/svg+xml"] as const;

/** What the field uses of react-signature-canvas's instance. */
export interface Pad {
  clear(): void;
  isEmpty(): boolean;
  toData(): unknown[];
  fromData(data: unknown[]): void;
  toDataURL(type?: string): string;
  on(): void;
  off(): void;
}

/** The drawing as a data URL: png, jpeg or svg; any other type is refused with the spec's message. */
export function exportSignature(pad: Pad, type: string = "image/png") {
  if (!(SIGNATURE_TYPES as readonly string[]).includes(type)) throw new Error(TYPE_ERROR);
  return pad.toDataURL(type);
}

/** Removes the last stroke. */
export function undoStroke(pad: Pad) {
  const strokes = pad.toData();
  strokes.pop();
  pad.fromData(strokes);
}

const pads = new WeakMap<Element, Pad>();

/** The pad of a `[data-signature-field]`, once mounted: for pages' scripts and the journeys. */
export const padOf = (field: Element) => pads.get(field);

function mount(field: HTMLElement) {
  const input = field.querySelector<HTMLInputElement>("input[data-signature-value]");
  const box = field.querySelector<HTMLElement>("[data-signature-pad]");
  const holder = box?.querySelector<HTMLElement>("[data-signature-canvas]");
  if (!input || !box || !holder) return;
  field.querySelector<HTMLElement>("[data-signature-nojs]")?.setAttribute("hidden", "");
  box.hidden = false;
  const label = holder.dataset.label ?? "";
  holder.replaceChildren();

  let pad: Pad | null = null;
  let locked = false;
  const save = () => {
    if (!pad) return;
    input.value = pad.isEmpty() ? "" : exportSignature(pad, "image/png");
    // The form enhancer checks the answers again as they change (conform, decision 060).
    input.dispatchEvent(new Event("input", { bubbles: true }));
  };
  const ready = (instance: SignatureCanvasModule | null) => {
    if (!instance || pad) return;
    pad = instance;
    pads.set(field, instance);
  };
  createRoot(holder).render(
    createElement(SignatureCanvas, {
      ref: ready,
      ...PAD,
      clearOnResize: false,
      onEnd: save,
      canvasProps: {
        className: "block h-40 w-full touch-none rounded-md border border-stone-400 bg-transparent",
        "aria-label": label,
        // Focused when the form says a signature is missing (lib/form-check.ts).
        tabIndex: -1,
      },
    }),
  );

  for (const button of box.querySelectorAll<HTMLButtonElement>("[data-signature-action]")) {
    button.addEventListener("click", () => {
      if (!pad) return;
      const action = button.dataset.signatureAction;
      if (action === "clear") pad.clear();
      if (action === "undo") undoStroke(pad);
      if (action === "lock") {
        locked = !locked;
        if (locked) pad.off();
        else pad.on();
        button.setAttribute("aria-pressed", String(locked));
      }
      save();
    });
  }
}

export default function signature(el: HTMLElement) {
  for (const field of el.querySelectorAll<HTMLElement>("[data-signature-field]")) {
    if (field.dataset.signatureReady !== undefined) continue;
    field.dataset.signatureReady = "";
    mount(field);
  }
}
