/**
 * The account calls (decision 040), under `/api/v1/cognito/user`: password sign-in, logout,
 * refresh, the member, their account, credit and profile. Bodies and queries are checked with
 * zod (400 with `errors`); failures answer `{ message, status, code }`.
 */
import { Hono } from "hono";
import { z } from "zod";

import type { CmsEnv } from "../context";
import { accountAnswerSchema, authUserAnswerSchema, creditAnswerSchema } from "../contract/accounts";
import { answer } from "../contract/answer";
import { imageParams } from "../lib/params";
import { forgetCallTokens } from "./access-once";
import { listAddresses } from "./addresses";
import { creditBalance } from "./credit";
import { ApiError } from "./errors";
import { MAX_PROFILE_IMAGE_BYTES, profileSchema, setProfileImage, updateProfile } from "./profile";
import { enforceRateLimit } from "./rate-limit";
import { rotateRefreshToken } from "./refresh";
import { checkPassword } from "./signin";
import { issueTokens, requireUser, revokeFamily } from "./tokens";
import { accountSettings, DEFAULT_USER_IMAGE, findUserById, userJson } from "./users";
import { parseBody, parseQueryOr400 } from "./validation";

/** A client's fingerprint: the site's random 21-character id (any short URL-safe text). */
export const fingerprintField = z
  .string()
  .trim()
  .min(1, "is required")
  .max(100)
  .regex(/^[\w-]+$/, "must be letters, digits, - or _");

const loginSchema = z.object({
  username: z.string().trim().toLowerCase().min(1, "is required").max(254),
  password: z.string().min(1, "is required").max(1000),
  fingerprint: fingerprintField,
});

const refreshSchema = z.object({
  refresh_token: z.string().min(1, "is required").max(200),
  fingerprint: fingerprintField,
});

const supplierSchema = z.object({
  supplier: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

const imageQuery = z.object({
  image_aspect: imageParams("1x1", 400).image_aspect.optional(),
  image_width: imageParams("1x1", 400).image_width.optional(),
});

function invalidCredentials() {
  return new ApiError(401, "Invalid e-mail or password", { code: "INVALID_CREDENTIALS" });
}

export const accountRoutes = new Hono<CmsEnv>();

accountRoutes.post("/login", async (c) => {
  const body = await parseBody(c, loginSchema);
  await enforceRateLimit(c, "login", body.username);
  const user = await checkPassword(c.var.db, body.username, body.password);
  if (!user) throw invalidCredentials();
  return c.json(
    await issueTokens(c.var.db, {
      secret: c.var.tokenSecret,
      userId: user.id,
      fingerprint: body.fingerprint,
      now: c.var.now,
    }),
  );
});

accountRoutes.post("/refreshToken", async (c) => {
  const body = await parseBody(c, refreshSchema);
  return c.json(
    await rotateRefreshToken(c.var.db, {
      secret: c.var.tokenSecret,
      refreshToken: body.refresh_token,
      fingerprint: body.fingerprint,
      now: c.var.now,
    }),
  );
});

accountRoutes.get("/logout", requireUser, async (c) => {
  await revokeFamily(c.var.db, c.var.tokenFamily, c.var.now);
  forgetCallTokens(c);
  return c.json({ ok: true });
});

accountRoutes.get("/authUser", requireUser, async (c) =>
  c.json(answer(authUserAnswerSchema, { user: await userJson(c.var.db, c.var.user) })),
);

accountRoutes.get("/myAccount", requireUser, async (c) => {
  const db = c.var.db;
  const user = c.var.user;
  const settings = await accountSettings(db);
  const { payment_to_user_id, ...shown } = settings;
  return c.json(
    answer(accountAnswerSchema, {
      user: await userJson(db, user),
      addresses: await listAddresses(db, user.id),
      credit_balance: await creditBalance(db, user.id, payment_to_user_id),
      settings: shown,
    }),
  );
});

accountRoutes.get("/creditBalance", requireUser, async (c) => {
  const q = parseQueryOr400(c, supplierSchema);
  const supplier = q.supplier ?? (await accountSettings(c.var.db)).payment_to_user_id;
  return c.json(
    answer(creditAnswerSchema, { balance: await creditBalance(c.var.db, c.var.user.id, supplier), supplier }),
  );
});

accountRoutes.post("/updateProfile", requireUser, async (c) => {
  const profile = await parseBody(c, profileSchema);
  const user = await updateProfile(c.var.db, {
    userId: c.var.user.id,
    profile,
    keepFamilyId: c.var.tokenFamily,
    now: c.var.now,
  });
  return c.json({ user: await userJson(c.var.db, user) });
});

/** The answer of a picture that is too large. */
export function imageTooLarge() {
  return new ApiError(413, "The image is too large", {
    errors: { image: [`must be at most ${MAX_PROFILE_IMAGE_BYTES / 1024 / 1024} MB`] },
  });
}

accountRoutes.post("/uploadImage", requireUser, async (c) => {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  if (!type.startsWith("multipart/form-data")) {
    throw new ApiError(400, "Send the image as multipart/form-data", { errors: { image: ["is required"] } });
  }
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new ApiError(400, "The form could not be read", { errors: { image: ["is required"] } });
  }
  const file = form.image;
  if (!(file instanceof File)) throw new ApiError(400, "No image sent", { errors: { image: ["is required"] } });
  if (file.size > MAX_PROFILE_IMAGE_BYTES) throw imageTooLarge();
  const user = await setProfileImage(c.var.db, {
    userId: c.var.user.id,
    bytes: new Uint8Array(await file.arrayBuffer()),
    now: c.var.now,
  });
  return c.json({ user: await userJson(c.var.db, user) });
});

accountRoutes.get("/:id{me|[0-9]+}", requireUser, async (c) => {
  const q = parseQueryOr400(c, imageQuery);
  const param = c.req.param("id");
  const me = c.var.user;
  let user = param === "me" || param === String(me.id) ? me : null;
  if (!user && me.isAdmin && /^[1-9]\d{0,9}$/.test(param)) user = await findUserById(c.var.db, Number(param));
  if (!user) throw new ApiError(404, "User not found");
  const image = {
    ...DEFAULT_USER_IMAGE,
    aspect: q.image_aspect ?? DEFAULT_USER_IMAGE.aspect,
    width: q.image_width ?? DEFAULT_USER_IMAGE.width,
  };
  return c.json({ user: await userJson(c.var.db, user, image) });
});

/** The body bound of POST /uploadImage: the picture and the form around it. */
export const UPLOAD_BODY_BYTES = MAX_PROFILE_IMAGE_BYTES + 64 * 1024;

/** The path whose body may be as large as UPLOAD_BODY_BYTES. */
export const UPLOAD_PATH = "/api/v1/cognito/user/uploadImage";
