import { withPaging } from "~/lib/meta";
import type { PageHeadPaging } from "~/page-builder/paging/page-paging";

/** A page's head as the root builds it for /showcase, with a paged list's address applied. */
export const metaTagsFor = (paging: PageHeadPaging) =>
  withPaging(
    [
      { title: "Showcase" },
      { tagName: "link", rel: "canonical", href: "https://example.test/showcase" },
      { property: "og:url", content: "https://example.test/showcase" },
    ],
    paging,
  );
