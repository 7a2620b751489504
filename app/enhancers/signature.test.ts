import { describe, expect, it } from "vitest";

import { exportSignature, PAD, type Pad, TYPE_ERROR, undoStroke } from "./signature";

/** A pad that records what it is asked (the real one draws on a canvas: the journeys run it, workshop.spec.ts). */
function recordingPad(strokes: unknown[]): Pad & { asked: string[]; strokes: unknown[] } {
  return {
    asked: [],
    strokes,
    clear() {
      this.strokes = [];
    },
    isEmpty() {
      return this.strokes.length === 0;
    },
    toData() {
      return [...this.strokes];
    },
    fromData(data) {
      this.strokes = data;
    },
    toDataURL(type) {
      this.asked.push(type ?? "");
      return `data:${type};base64,AAAA`;
    },
    on() {},
    off() {},
  };
}

describe("the signature field", () => {
  it("has the spec's constants", () => {
    expect(PAD).toMatchObject({
      minWidth: 0.5,
      maxWidth: 2.5,
      throttle: 16,
      minDistance: 5,
      velocityFilterWeight: 0.7,
      penColor: "black",
      backgroundColor: "rgba(0,0,0,0)",
    });
  });

  it("exports png, jpeg and svg, and refuses any other type with the spec's message", () => {
    const pad = recordingPad([["stroke"]]);
    expect(exportSignature(pad)).toBe("data:image/png;base64,AAAA");
    expect(exportSignature(pad, "image/jpeg")).toBe("data:image/jpeg;base64,AAAA");
    expect(exportSignature(pad, "image/svg+xml")).toBe("data:image/svg+xml;base64,AAAA");
    for (const type of ["image/gif", "image/webp", "png", ""]) {
      expect(() => exportSignature(pad, type)).toThrow(TYPE_ERROR);
    }
    expect(pad.asked).toEqual(["image/png", "image/jpeg", "image/svg+xml"]);
  });

  it("undo removes the last stroke only, and an undone pad reports isEmpty", () => {
    const pad = recordingPad([["first"], ["second"]]);
    undoStroke(pad);
    expect(pad.strokes).toEqual([["first"]]);
    undoStroke(pad);
    expect(pad.isEmpty()).toBe(true);
  });
});
