import type express from "express";
import onHeaders from "on-headers";

import type { UpstreamTiming } from "../shared/upstream-timing.server";
import { baseSecurityHeaders, contentSecurityPolicy, createNonce, emptyCspSources } from "./security-headers.server";

/**
 * Security headers on every response, with a fresh CSP nonce for each (`res.locals.cspNonce`).
 * The CSP is written when the headers go out, so a page can add the origins it needs
 * (`res.locals.cspExtra`: analytics); the same moment writes a page's Server-Timing.
 */
export function securityHeaders(options: {
  /** Origins images may come from besides the site (an external CMS). */
  imageOrigins: string[];
  /** Origins the browser may send to besides the site (the error reporter's). */
  connectOrigins: string[];
  /** Origins a form's answer may redirect to (the payment gateway's pages). */
  formActionOrigins?: string[];
  production: boolean;
}): express.RequestHandler {
  return (req, res, next) => {
    const nonce = createNonce();
    const extra = emptyCspSources();
    res.locals.cspNonce = nonce;
    res.locals.cspExtra = extra;
    res.set(baseSecurityHeaders(req.secure));
    onHeaders(res, () => {
      // The embedded CMS sends its own, stricter policy for its JSON, images and videos: keep it.
      if (!res.getHeader("Content-Security-Policy")) {
        res.setHeader(
          "Content-Security-Policy",
          contentSecurityPolicy({
            nonce,
            extra,
            imageOrigins: options.imageOrigins,
            connectOrigins: options.connectOrigins,
            formActionOrigins: options.formActionOrigins,
            upgradeInsecure: options.production && req.secure,
          }),
        );
      }
      // A page's upstream calls and cache hits (the recorder is the one getLoadContext made).
      const timing = res.locals.upstreamTiming as UpstreamTiming | undefined;
      if (timing) res.setHeader("Server-Timing", timing.header());
    });
    next();
  };
}
