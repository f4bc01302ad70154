import type { z } from "zod";
import type { ChannelAdapter } from "../../channel-adapter.js";
import { tbankAuthDataSchema } from "./auth-data.js";

/**
 * A project's own T-Bank terminal (docs/payments.md): no messages, only its `auth_data`,
 * validated on create and update. The wire work is `client.ts`'s; the payment link tool and its
 * notifications live in modules/payment-links (a ToolProvider, not adapter tools: they need the
 * orders and the thread).
 */
export const tbankAdapter = {
  vendor: "tbank",
  authData: tbankAuthDataSchema,
} satisfies ChannelAdapter<z.infer<typeof tbankAuthDataSchema>>;
