import type { App } from "./http-types.js";

/**
 * Headers reserved for the service's internal components (docs/api.md). The public API never
 * reads them: they are removed on arrival so no code path can be influenced by them.
 */
export const RESERVED_INTERNAL_HEADERS = [
  "x-parley-organization-id",
  "x-parley-project-id",
  "x-parley-user-id",
];

export function installReservedHeaderStripping(app: App): void {
  app.addHook("onRequest", async (request) => {
    for (const name of RESERVED_INTERNAL_HEADERS) {
      if (name in request.headers) delete request.headers[name];
    }
  });
}
