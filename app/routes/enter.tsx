import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useTranslation } from "react-i18next";

import { useNonce } from "~/components/nonce";
import { DEFAULT_AFTER_SIGN_IN } from "~/lib/auth/login-schemas";
import { withRootMeta } from "~/lib/meta";
import { cacheControl } from "~/shared/cache-control";

export const meta: MetaFunction = ({ matches }) => withRootMeta(matches, [{ name: "robots", content: "noindex" }]);

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export function loader() {
  return data(null, { headers: { "Cache-Control": cacheControl.private } });
}

/**
 * Goes to the path in `location.hash` when it is a same-site path (the same rule as the server's
 * safeRedirectPath), else to /profile. Without JavaScript the page offers the link.
 */
export const ENTER_SCRIPT =
  `(function(){var to=${JSON.stringify(DEFAULT_AFTER_SIGN_IN)};try{var h=decodeURIComponent(location.hash.slice(1));` +
  "if(/^\\/(?![\\/\\\\])/.test(h)&&!/[\\\\\\u0000-\\u001f]/.test(h)){var u=new URL(h,location.origin);" +
  'if(u.origin===location.origin){var p=u.pathname+u.search+u.hash;if(p.indexOf("//")!==0)to=p}}}catch(e){}' +
  "location.replace(to)})()";

/** /enter/: where some hosts send the browser after a token login, the stored redirect in the hash (spec section 2). */
export default function Enter() {
  const { t } = useTranslation();
  const nonce = useNonce();
  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-3xl font-semibold">{t("account.enterTitle")}</h1>
      <p className="mt-6">
        <a href={DEFAULT_AFTER_SIGN_IN}>{t("account.enterContinue")}</a>
      </p>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: ENTER_SCRIPT }} />
    </section>
  );
}
