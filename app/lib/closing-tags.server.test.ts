import { once } from "node:events";
import { PassThrough } from "node:stream";

import { createElement as h } from "react";
import { renderToPipeableStream } from "react-dom/server";
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

  it("passes the pieces written in one turn of the event loop on as one chunk", async () => {
    const stream = holdBackClosingTags();
    const out: Buffer[] = [];
    stream.on("data", (c: Buffer) => out.push(c));
    // As React writes a shell: many small pieces at once, then the rest a little later.
    for (let i = 0; i < 50; i++) stream.write(Buffer.from(`<p>${i}</p>`));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(out).toHaveLength(1);
    stream.write(Buffer.from(LATE));
    stream.end();
    await once(stream, "end");
    expect(out).toHaveLength(2);
    expect(Buffer.concat(out).toString("utf8")).toContain("<p>49</p>");
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

  it("leaves out the NUL bytes React 18 writes before a character that does not fit its buffer", async () => {
    // Many small writes, a breadcrumb separator (3 bytes in UTF-8) among them: some prefix lengths
    // leave one or two bytes of React's 2 KB buffer when a separator comes (react/react#31134).
    const page = (n: number) =>
      h(
        "div",
        null,
        h("i", { title: "y".repeat(n) }),
        Array.from({ length: 300 }, (_, i) => [h("span", { key: `s${i}` }, "ab"), h("b", { key: `b${i}` }, "›")]),
      );
    const render = (n: number, through: boolean) =>
      new Promise<Buffer>((resolve, reject) => {
        const { pipe } = renderToPipeableStream(page(n), {
          onAllReady() {
            const out: Buffer[] = [];
            const stream = through ? pipe(holdBackClosingTags()) : pipe(new PassThrough());
            stream.on("data", (c: Buffer) => out.push(c));
            stream.on("end", () => resolve(Buffer.concat(out)));
          },
          onShellError: reject,
        });
      });
    let raw = 0;
    for (let n = 0; n < 12; n++) {
      if ((await render(n, false)).includes(0)) raw++;
      const html = (await render(n, true)).toString("utf8");
      expect(html).not.toContain("\0");
      expect(html.split("›")).toHaveLength(301);
    }
    expect(raw, "React still writes NUL bytes here (else this test proves nothing)").toBeGreaterThan(0);
  });
});
