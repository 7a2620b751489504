// Single Fetch types for loaders and useLoaderData (remix.config.js turns v3_singleFetch on).
export {};

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}
