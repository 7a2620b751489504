import type express from "express";
import onHeaders from "on-headers";

import type { UpstreamTiming } from "../shared/upstream-timing.server";
import {
  baseSecurityHeaders,
  contentSecurityPolicy,
  createNonce,
  type CspSources,
  emptyCspSources,
} from "./security-headers.server";

export interface SecurityHeaderOptions {
  /** Origins images may come from besides the site (an external CMS). */
  imageOrigins: string[];
  /** Origins the browser may send to besides the site (the error reporter's). */
  connectOrigins: string[];
  /** Origins a form's answer may redirect to (the payment gateway's pages). */
  formActionOrigins?: string[];
  production: boolean;
}

/**
 * Every security header of an answer at once, with a fresh nonce: what `securityHeaders` writes,
 * for the page cache's fast path (page-cache/fast-path.server.ts), which writes its headers in one
 * go. The policy around the nonce is worked out once per `extra` (a stored page's own sources).
 */
export function securityHeaderList(options: SecurityHeaderOptions) {
  const NONCE = "\u0000nonce\u0000";
  const templates = new WeakMap<CspSources, Map<boolean, [string, string]>>();
  const base = new Map([true, false].map((secure) => [secure, Object.entries(baseSecurityHeaders(secure))]));
  return (secure: boolean, extra: CspSources): [string, string][] => {
    let bySecure = templates.get(extra);
    if (!bySecure) templates.set(extra, (bySecure = new Map()));
    let template = bySecure.get(secure);
    if (!template) {
      const policy = contentSecurityPolicy({ ...policyOptions(options, secure), nonce: NONCE, extra });
      const at = policy.indexOf(NONCE);
      template = [policy.slice(0, at), policy.slice(at + NONCE.length)];
      bySecure.set(secure, template);
    }
    return [...base.get(secure)!, ["Content-Security-Policy", template[0] + createNonce() + template[1]]];
  };
}

function policyOptions(options: SecurityHeaderOptions, secure: boolean) {
  return {
    imageOrigins: options.imageOrigins,
    connectOrigins: options.connectOrigins,
    formActionOrigins: options.formActionOrigins,
    upgradeInsecure: options.production && secure,
  };
}

/**
 * Security headers on every response, with a fresh CSP nonce for each (`res.locals.cspNonce`).
 * The CSP is written when the headers go out, so a page can add the origins it needs
 * (`res.locals.cspExtra`: analytics); the same moment writes a page's Server-Timing.
 */
export function securityHeaders(options: SecurityHeaderOptions): express.RequestHandler {
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
          contentSecurityPolicy({ ...policyOptions(options, req.secure), nonce, extra }),
        );
      }
      // A page's upstream calls and cache hits (the recorder is the one getLoadContext made).
      const timing = res.locals.upstreamTiming as UpstreamTiming | undefined;
      if (timing) res.setHeader("Server-Timing", timing.header());
    });
    next();
  };
}
