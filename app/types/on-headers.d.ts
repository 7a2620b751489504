// on-headers (a dependency of compression) ships no types: it calls `listener` just before the
// response's headers are written.
declare module "on-headers" {
  import type { ServerResponse } from "node:http";
  export default function onHeaders(res: ServerResponse, listener: (this: ServerResponse) => void): void;
}
