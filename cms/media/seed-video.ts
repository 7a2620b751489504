/**
 * Seed-time media: a short background video made from a still image with a slow pan and zoom
 * (Ken Burns), encoded to H.264 in an MP4 by h264-mp4-encoder (WebAssembly, so no ffmpeg is
 * needed). Videos are made once per process and per image, before the seed transaction starts.
 */
import { readFileSync } from "node:fs";

import type * as H264Encoder from "h264-mp4-encoder";
import sharp from "sharp";

export interface KenBurnsOptions {
  seconds: number;
  width?: number;
  height?: number;
  fps?: number;
}

/** The source is first scaled (well, by sharp) to a little over the output size; frames are then sampled from it. */
const SOURCE_SCALE = 1.25;
/** How much closer the last frame is than the first. */
const ZOOM = 0.12;

/**
 * An MP4 (H.264, yuv420) of `seconds` at `fps`: the picture slowly zooms in while panning left to
 * right. Frames are sampled bilinearly at sub-pixel positions, so the motion is smooth rather than
 * stepping a whole pixel at a time.
 */
export async function kenBurnsVideo(
  image: Uint8Array,
  { seconds, width = 640, height = 360, fps = 24 }: KenBurnsOptions,
): Promise<Uint8Array> {
  const SW = Math.round(width * SOURCE_SCALE);
  const SH = Math.round(height * SOURCE_SCALE);
  const src = await sharp(image).rotate().resize(SW, SH, { fit: "cover" }).removeAlpha().raw().toBuffer();

  const encoder = await (await loadEncoderModule()).createH264MP4Encoder();
  // The encoders share one virtual file system: a name per video keeps them apart.
  encoder.outputFilename = `seed-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.mp4`;
  encoder.width = width;
  encoder.height = height;
  encoder.frameRate = fps;
  encoder.quantizationParameter = 30;
  encoder.speed = 8;
  encoder.groupOfPictures = fps * 2;
  try {
    encoder.initialize();
    const frames = Math.max(2, Math.round(seconds * fps));
    const frame = new Uint8Array(width * height * 4);
    for (let f = 0; f < frames; f++) {
      const t = f / (frames - 1);
      const ease = t * t * (3 - 2 * t);
      const cropWidth = SW / (1 + ZOOM * ease);
      const scale = cropWidth / width;
      const x0 = (SW - cropWidth) * (0.15 + 0.7 * ease);
      const y0 = (SH - height * scale) * 0.5;
      sampleFrame(src, SW, SH, frame, width, height, x0, y0, scale);
      encoder.addFrameRgba(frame);
    }
    encoder.finalize();
    const bytes = encoder.FS.readFile(encoder.outputFilename);
    // A Buffer: both drivers bind it as bytea.
    return Buffer.from(bytes);
  } finally {
    try {
      encoder.FS.unlink(encoder.outputFilename);
    } catch {
      // nothing was written
    }
    encoder.delete();
  }
}

type EncoderModule = typeof H264Encoder;
let encoderModule: Promise<EncoderModule> | undefined;

/**
 * The encoder's module. Its Emscripten loader adds process-wide uncaughtException and
 * unhandledRejection listeners that rethrow; they are removed so the host's error handling
 * stays as it was.
 */
function loadEncoderModule() {
  encoderModule ??= (async () => {
    // (Typed as one event: the overloads of listeners() take one literal at a time.)
    const events = ["uncaughtException", "unhandledRejection"] as "uncaughtException"[];
    const before = events.map((e) => new Set(process.listeners(e)));
    const mod = (await import("h264-mp4-encoder")) as EncoderModule & { default?: EncoderModule };
    events.forEach((e, i) => {
      for (const listener of process.listeners(e)) if (!before[i].has(listener)) process.removeListener(e, listener);
    });
    // Node's ESM loader gives the CommonJS exports as `default`; tsx gives them as named exports.
    return mod.default ?? mod;
  })();
  return encoderModule;
}

/** Fills an RGBA frame from an RGB source, bilinearly, at source position x0 + x·scale. */
function sampleFrame(
  src: Uint8Array,
  SW: number,
  SH: number,
  out: Uint8Array,
  W: number,
  H: number,
  x0: number,
  y0: number,
  scale: number,
) {
  let o = 0;
  for (let y = 0; y < H; y++) {
    const sy = y0 + (y + 0.5) * scale - 0.5;
    const iy = Math.max(0, Math.min(SH - 2, Math.floor(sy)));
    const fy = Math.max(0, Math.min(1, sy - iy));
    for (let x = 0; x < W; x++) {
      const sx = x0 + (x + 0.5) * scale - 0.5;
      const ix = Math.max(0, Math.min(SW - 2, Math.floor(sx)));
      const fx = Math.max(0, Math.min(1, sx - ix));
      const p = (iy * SW + ix) * 3;
      const q = p + SW * 3;
      for (let c = 0; c < 3; c++) {
        const top = src[p + c] + (src[p + 3 + c] - src[p + c]) * fx;
        const bottom = src[q + c] + (src[q + 3 + c] - src[q + c]) * fx;
        out[o + c] = top + (bottom - top) * fy;
      }
      out[o + 3] = 255;
      o += 4;
    }
  }
}

const made = new Map<string, Promise<Uint8Array>>();

/** The Ken Burns video of an image file, made once per process (a second seed reuses it). */
export function seedVideoBytes(file: string, seconds: number): Promise<Uint8Array> {
  const key = `${file}|${seconds}`;
  let pending = made.get(key);
  if (!pending) {
    pending = kenBurnsVideo(readFileSync(file), { seconds });
    pending.catch(() => made.delete(key));
    made.set(key, pending);
  }
  return pending;
}
