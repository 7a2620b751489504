/**
 * The member's addresses, under `/api/v1/sell/address` (Bearer). Listing is always allowed;
 * adding, enabling and disabling only when the `profile_edit_addresses` setting is on (403).
 */
import { Hono } from "hono";
import { z } from "zod";

import type { CmsEnv } from "../context";
import { idSchema } from "../lib/params";
import { addressSchema, createAddress, listAddresses, setAddressEnabled } from "./addresses";
import { ApiError } from "./errors";
import { requireUser } from "./tokens";
import { accountSettings } from "./users";
import { parseBody } from "./validation";

const idBody = z.object({ id: z.coerce.number().pipe(idSchema) });

export const addressRoutes = new Hono<CmsEnv>();

addressRoutes.use("*", requireUser);

addressRoutes.get("/", async (c) => c.json({ data: await listAddresses(c.var.db, c.var.user.id) }));

/** Refuses changes unless the site lets members manage their addresses. */
addressRoutes.use("/*", async (c, next) => {
  if (c.req.method === "POST" && !(await accountSettings(c.var.db)).profile_edit_addresses) {
    throw new ApiError(403, "Addresses cannot be changed on this site", { code: "FIELD_NOT_ALLOWED" });
  }
  await next();
});

addressRoutes.post("/create", async (c) => {
  const input = await parseBody(c, addressSchema);
  return c.json({ data: await createAddress(c.var.db, c.var.user.id, input) });
});

addressRoutes.post("/enable", async (c) => {
  const { id } = await parseBody(c, idBody);
  return c.json({ data: await setAddressEnabled(c.var.db, c.var.user.id, id, true) });
});

addressRoutes.post("/disable", async (c) => {
  const { id } = await parseBody(c, idBody);
  return c.json({ data: await setAddressEnabled(c.var.db, c.var.user.id, id, false) });
});
