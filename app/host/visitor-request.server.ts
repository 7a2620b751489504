import type express from "express";

/**
 * What the visitor is built from: the query (`?lng=`, `?theme=`) and the headers that name the
 * visitor. The visitor never reads the origin, so none is taken from the (forgeable) Host header.
 */
export function visitorRequest(req: express.Request) {
  const headers = new Headers();
  for (const name of ["cookie", "accept-language"]) {
    const value = req.get(name);
    if (value) headers.set(name, value);
  }
  const query = req.originalUrl.indexOf("?");
  return new Request(`http://visitor.internal/${query === -1 ? "" : req.originalUrl.slice(query)}`, { headers });
}
