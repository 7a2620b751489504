import { useState } from "react";

/**
 * A fetcher's refused reply while it is the latest word: cleared as the next post goes out, so a
 * post that succeeds (a redirect, which leaves the fetcher's old data in place) shows no old error.
 * The state is adjusted while rendering (React's pattern for state that follows a prop).
 */
export function useFetcherReply<T>(fetcher: { state: string; data: T | undefined }): T | null {
  const [seen, setSeen] = useState({ data: fetcher.data, cleared: false });
  if (fetcher.state === "submitting" && !seen.cleared) setSeen({ data: fetcher.data, cleared: true });
  else if (fetcher.data !== seen.data) setSeen({ data: fetcher.data, cleared: false });
  return seen.cleared || fetcher.data === undefined ? null : fetcher.data;
}
