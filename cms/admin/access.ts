/**
 * The admin API's gate (docs/back-office.md, "Access"): a bearer token of a user with
 * `is_admin`. No token or a bad one answers 401, a member's 403 "Admins only"; the check runs
 * before any handler reads the body, so a refused write leaves nothing anywhere.
 */
import type { MiddlewareHandler } from "hono";

import { ApiError, isApiError } from "../accounts/errors";
import { requireUser } from "../accounts/tokens";
import type { CmsEnv } from "../context";

export const requireAdmin: MiddlewareHandler<CmsEnv> = async (c, next) => {
  try {
    // requireUser's `next` is a no-op: the admin check comes before the handler runs.
    await requireUser(c, async () => {});
  } catch (error) {
    // A bad signature is requireUser's 422; to the admin API every unusable token is a 401.
    if (isApiError(error) && error.status === 422) throw new ApiError(401, error.message, { code: error.code });
    throw error;
  }
  if (!c.var.user.isAdmin) throw new ApiError(403, "Admins only");
  await next();
};
