import type { z } from "zod";
import type { VendorDefinition } from "../contract/vendor.js";
import { parleyAuthDataSchema } from "./auth-data.js";

/**
 * Parley's own channel: the API (the stream endpoint) and, later, the web widget. Messages
 * arrive through the API, not a vendor webhook, and a reply reaches its client through the
 * stream and the thread event stream, so there is nothing to send to a vendor (no `send`); the
 * integration's identity is the integration itself.
 */
export const parley = {
  id: "parley",
  authData: parleyAuthDataSchema,
  async profile(context) {
    return { id: context.integration.id, name: context.integration.name };
  },
} satisfies VendorDefinition<"parley", z.infer<typeof parleyAuthDataSchema>>;
