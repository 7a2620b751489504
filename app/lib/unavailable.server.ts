import { isUpstreamError } from "~/lib/api/errors";
import { unavailable } from "~/lib/cms-page.server";

/**
 * A member's page (profile, cart, checkout) whose data the CMS cannot give just now (it, or its
 * database, is down): the friendly 503 page ("We'll be right back", Retry-After), inside the
 * site's header with the member's name from the session, never a 500.
 */
export async function orUnavailable<T>(request: Request, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isUpstreamError(error) && error.unavailable) throw unavailable(new URL(request.url).pathname);
    throw error;
  }
}
