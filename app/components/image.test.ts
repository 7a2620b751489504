import { describe, expect, it } from "vitest";

import { imageSchema } from "@contract/media";

import { cssImageSet } from "./image";

const good = {
  url: "/assets/i/0123456789abcdef0123456789abcdef/4x3/400.jpg",
  webp_url: "https://cdn.example.com/i/x/4x3/400.webp",
  avif_url: null,
  placeholder: "data:image/webp;base64,UklGRh4AAABXRUJQVlA4",
};

describe("cssImageSet", () => {
  it("percent-encodes anything that could end the CSS url() even if a record slipped through", () => {
    const css = cssImageSet({ ...imageSchema.parse(good), url: '/x.jpg");background:red;("' });
    expect(css).toContain('url("/x.jpg%22%29;background:red;%28%22")');
    expect(css).not.toContain('");background');
  });
});
