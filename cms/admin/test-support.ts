/** Helpers of the admin API's tests: an app over a fresh database, an admin and a member signed in. */
import { addUser, apiClient, fakeClock } from "../accounts/test-support";
import { issueTokens, tokenKey } from "../accounts/tokens";
import { createCmsApp } from "../app";
import { domains } from "../db/schema";
import type { ContentChange } from "../events";
import { type DriverName, openTestDatabase } from "../test/databases";
import { ADMIN_PATH } from "./routes";

const SECRET = "admin-test-secret";

export async function adminHarness(driver: DriverName = "pglite", label = "admin") {
  const t = await openTestDatabase(driver, label);
  const db = t.database.db;
  const clock = fakeClock();
  const changes: ContentChange[] = [];
  const app = createCmsApp(t.database, {
    clock: clock.now,
    tokenSecret: SECRET,
    onContentChange: (change) => {
      changes.push(change);
    },
  });
  await db.insert(domains).values({ name: "localhost", settings: { organisation_name: "Dovetail", time_zone: "UTC" } });
  const admin = await addUser(db, { email: "admin@example.com", firstName: "Ada", lastName: "Admin", isAdmin: true });
  const member = await addUser(db, { email: "member@example.com", firstName: "Mo" });
  const tokenOf = async (userId: number) =>
    (await issueTokens(db, { secret: tokenKey(SECRET), userId, fingerprint: "f".repeat(21), now: clock.now() }))
      .access_token;
  const adminToken = await tokenOf(admin.id);
  const memberToken = await tokenOf(member.id);
  const client = apiClient(app);
  /**
   * A POST to the admin API (path under it) as "admin" or "member" (a token fresh at the clock's
   * now, which tests move), with another `token`, or with none (null).
   */
  const call = async (path: string, body: unknown = {}, token: "admin" | "member" | string | null = "admin") => {
    const bearer = token === "admin" ? await tokenOf(admin.id) : token === "member" ? await tokenOf(member.id) : token;
    return client.post(`${ADMIN_PATH}${path}`, body, bearer ?? undefined);
  };
  return { t, db, app, clock, changes, admin, member, adminToken, memberToken, client, call };
}

export type AdminHarness = Awaited<ReturnType<typeof adminHarness>>;

/** A valid create body and a valid change for every model, given a group and an image. */
export function sampleBodies(refs: { groupId: number; imageHash: string; n: number }) {
  const { groupId, imageHash, n } = refs;
  return {
    page: { create: { name: `Page ${n}`, slug: `page-${n}`, url: `page-${n}`, title: "T" }, change: { title: "New" } },
    group: { create: { name: `Group ${n}`, slug: `group-${n}`, parent_id: groupId }, change: { name: "Renamed" } },
    product: {
      create: { group_id: groupId, name: `Chair ${n}`, slug: `chair-${n}`, price_cents: 12000 },
      change: { price_cents: 9900 },
    },
    slide: { create: { group_id: groupId, heading: `Slide ${n}`, image_hash: imageHash }, change: { heading: "New" } },
    photo: { create: { name: `Photo ${n}`, image_hash: imageHash }, change: { name: "New" } },
    testimonial: { create: { name: `Tess ${n}`, rating: 5 }, change: { rating: 4 } },
    person: { create: { first_name: `Pat ${n}`, photo_hash: imageHash }, change: { title: "Maker" } },
    faq: { create: { name: `Why ${n}?`, content: "<p>Because</p>" }, change: { content: "<p>So</p>" } },
    gallery: { create: { name: `Gallery ${n}`, url: `gallery-${n}` }, change: { heading: "New" } },
    link: { create: { parent: "footer", name: `Link ${n}`, link: "/about" }, change: { name: "New" } },
    redirect: { create: { from_path: `/old-${n}`, to_path: "/new" }, change: { to_path: "/newer" } },
    form: { create: { name: `Form ${n}`, url: `form-${n}`, questions: [] }, change: { name: "New" } },
    voucherTheme: { create: { name: `Theme ${n}`, image_hash: imageHash }, change: { name: "New" } },
    user: { create: { email: `u${n}@example.com`, first_name: "U" }, change: { last_name: "New" } },
    file: { create: { name: "x.pdf" }, change: { name: "y.pdf" } },
  } as Record<string, { create: Record<string, unknown>; change: Record<string, unknown> }>;
}
