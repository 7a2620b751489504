import { expect, test } from "@playwright/test";

/**
 * Embeds (decision 069): the about page's workshop video comes from YouTube's no-cookie host, an
 * origin the embed_origins setting allows, so the CSP lets it load. The browser has no internet
 * here: the host's answer is stubbed, and "it plays" means the frame loads with no CSP refusal.
 */
const EMBED = "https://www.youtube-nocookie.com/embed/";

test("the about page embeds the workshop video, lazily, and the CSP lets it load", async ({ page }) => {
  const refusals: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refusals.push(message.text());
  });
  await page.route("https://www.youtube-nocookie.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Video</title><p>Workshop video</p>" }),
  );

  const response = await page.goto("/about");
  expect(response?.status()).toBe(200);
  const csp = response?.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/frame-src [^;]*https:\/\/www\.youtube-nocookie\.com/);
  // Scripts stay the site's own: no embed origin is added to script-src.
  expect(csp.match(/script-src ([^;]*)/)?.[1]).not.toMatch(/https?:/);

  const frame = page.locator(`main iframe[src^="${EMBED}"]`);
  await expect(frame).toHaveCount(1);
  await expect(frame).toHaveAttribute("title", "Inside the Dovetail workshop (video)");
  await expect(frame).toHaveAttribute("class", "cms-embed");
  await expect(frame).toHaveAttribute("loading", "lazy");
  await expect(frame).toHaveAttribute("referrerpolicy", "strict-origin-when-cross-origin");
  await frame.scrollIntoViewIfNeeded();
  await expect(page.frameLocator(`main iframe[src^="${EMBED}"]`).getByText("Workshop video")).toBeVisible();
  // The page embeds nothing else, and nothing was refused.
  await expect(page.locator("main iframe")).toHaveCount(1);
  expect(refusals).toEqual([]);
});

test("CMS HTML reaches the page without scripts or frames from elsewhere", async ({ request }) => {
  const html = await (await request.get("/about")).text();
  const frames = [...html.matchAll(/<iframe\b[^>]*\bsrc="([^"]*)"/g)].map((m) => m[1]);
  expect(frames.length).toBe(1);
  expect(frames[0].startsWith(EMBED)).toBe(true);
  // No script comes from the CMS's HTML: the article holds none (the site's own sit outside it).
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  expect(main).toContain("Inside the Dovetail workshop");
  expect(main).not.toMatch(/<script\b(?![^>]*\bnonce=)/);
});
