import { z } from "zod";
import { apiUrlSetting, type VendorDefinition } from "../contract/vendor.js";
import { tbankAuthDataSchema } from "./auth-data.js";

/**
 * A project's own T-Bank terminal (docs/payments.md): no messages, only its `auth_data`,
 * validated on create and update. The wire work is `client.ts`'s; the payment link tool and its
 * notifications live in modules/payment-links (a ToolProvider, not adapter tools: they need the
 * orders and the thread).
 */
export const tbank = {
  id: "tbank",
  authData: tbankAuthDataSchema,
  settings: apiUrlSetting("PARLEY_TBANK_API_URL", z.url().default("https://securepay.tinkoff.ru/v2")),
} satisfies VendorDefinition<"tbank", z.infer<typeof tbankAuthDataSchema>>;
