import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { type APIRequestContext, expect, test } from "@playwright/test";

import { demoAccounts } from "./accounts";

/**
 * A client written from the spec's section 7 alone (issue 34): no browser session, an admin's
 * bearer token, the generic record writes at the model's own base path. What it writes shows on
 * the site.
 */

const PHOTO = fileURLToPath(
  new URL("../../seeds/images/products/bar-settings/coolum-square-bar-setting-1.jpg", import.meta.url),
);

async function adminToken(request: APIRequestContext) {
  const { email, password } = demoAccounts().admin;
  const login = await request.post("/api/v1/cognito/user/login", {
    data: { username: email, password, fingerprint: "spec-client-0000000000" },
  });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { access_token: string }).access_token;
}

test(
  "a product made and given a photo at the catalogue's base path shows on its page; disabled, it is gone",
  { tag: "@once" },
  async ({ page, request }) => {
    const auth = { authorization: `Bearer ${await adminToken(request)}` };
    const post = async (path: string, data: unknown) => {
      const res = await request.post(path, { headers: auth, data });
      expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
      return ((await res.json()) as { data: Record<string, unknown> }).data;
    };
    // The seeded category "Other products"; the product is disabled again at the end, so the
    // catalogue journeys see the category as seeded.
    const groups = await request.post("/api/v1/cognito/admin/group", { headers: auth, data: { q: "Other products" } });
    const category = ((await groups.json()) as { data: { id: number; slug: string }[] }).data[0];
    expect(category.slug).toBe("other-products");

    const upload = await request.post("/api/v1/cognito/admin/upload", {
      headers: auth,
      multipart: { file: { name: "bar.jpg", mimeType: "image/jpeg", buffer: readFileSync(PHOTO) } },
    });
    const { key, uuid, name: fileName } = ((await upload.json()) as { data: Record<string, string> }).data;

    const slug = `spec-client-${test.info().project.name}-${Date.now().toString(36)}`;
    const name = `Spec client bench ${Date.now().toString(36)}`;
    const product = await post("/api/v1/catalogue/product/create", {
      group_id: category.id,
      name,
      slug,
      price_cents: 45_000,
    });
    await post("/api/v1/catalogue/product/addPhoto", { id: product.id, model: "product", uuid, name: fileName, key });

    const answer = await page.goto(`/catalogue/other-products/${slug}`);
    expect(answer?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.locator("main img[srcset]").first()).toHaveAttribute("srcset", new RegExp(`/assets/i/${key}/`));

    await post("/api/v1/catalogue/product/disable", { id: product.id });
    expect((await page.goto(`/catalogue/other-products/${slug}`))?.status()).toBe(404);
  },
);
