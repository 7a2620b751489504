import { once } from "node:events";

import { describe, expect, it } from "vitest";

import { holdBackClosingTags } from "./closing-tags.server";

async function run(chunks: string[]) {
  const stream = holdBackClosingTags();
  const out: Buffer[] = [];
  stream.on("data", (c: Buffer) => out.push(c));
  for (const c of chunks) stream.write(Buffer.from(c));
  stream.end();
  await once(stream, "end");
  return Buffer.concat(out).toString("utf8");
}

const SHELL = "<!DOCTYPE html><html><head></head><body><main>Hello</main>";
const LATE = '<template id="B:0"></template><div hidden id="S:0"><script>data()</script></div>';

describe("holdBackClosingTags", () => {
  it("puts what streams after the shell inside <body>", async () => {
    const html = await run([`${SHELL}</body></html>`, LATE, "<script>$RC()</script>"]);
    expect(html).toBe(`${SHELL}${LATE}<script>$RC()</script></body></html>`);
  });

  it("finds the closing tags when a chunk boundary splits them", async () => {
    for (let cut = 1; cut < "</body></html>".length; cut++) {
      const closing = "</body></html>";
      const html = await run([SHELL + closing.slice(0, cut), closing.slice(cut), LATE]);
      expect(html).toBe(`${SHELL}${LATE}</body></html>`);
    }
  });

  it("moves only the first closing tags and keeps text that merely looks like their start", async () => {
    const html = await run([`${SHELL}</b`, "ody></html>", "<p>a </body></html> b</p>"]);
    expect(html).toBe(`${SHELL}<p>a </body></html> b</p></body></html>`);
    expect(await run(["<p>x </bo", "ld></p>"])).toBe("<p>x </bold></p>");
  });

  it("keeps multi-byte characters whole across chunks", async () => {
    const text = "مرحبا — ✓";
    const bytes = Buffer.from(`<body>${text}</body></html>`);
    const stream = holdBackClosingTags();
    const out: Buffer[] = [];
    stream.on("data", (c: Buffer) => out.push(c));
    for (let i = 0; i < bytes.length; i += 3) stream.write(bytes.subarray(i, i + 3));
    stream.end();
    await once(stream, "end");
    expect(Buffer.concat(out).toString("utf8")).toBe(`<body>${text}</body></html>`);
  });

  it("sends the shell at once, before the stream ends", async () => {
    const stream = holdBackClosingTags();
    const first = once(stream, "data");
    stream.write(Buffer.from(`${SHELL}</body></html>`));
    const [chunk] = (await first) as [Buffer];
    expect(chunk.toString("utf8")).toBe(SHELL);
    stream.end();
  });

  it("passes a stream without closing tags through unchanged", async () => {
    expect(await run(["Unexpected ", "Server Error</"])).toBe("Unexpected Server Error</");
  });
});
