import { z } from "zod";
import { authDataObject, credential, refineClientPair } from "../shared/fields.js";

/**
 * amoCRM (docs/api.md "auth_data per vendor"). Only the account is required (docs/api.md); the tokens come from the
 * OAuth start operation. `client_id` (a UUID) and `client_secret` name the account's own
 * amoCRM integration; without them the server's configured amoCRM app is used.
 */
export const amocrmAuthDataSchema = authDataObject({
  subdomain: z
    .string({ error: (issue) => (issue.input === undefined ? "required" : "must be a string") })
    .regex(
      /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/,
      "must be the account's subdomain only, e.g. `acme` for acme.amocrm.ru",
    )
    .describe("Account subdomain: `acme` for https://acme.amocrm.ru."),
  client_id: z
    .string({ error: "must be a string" })
    .regex(/^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/, "must be a UUID")
    .optional()
    .describe("Integration id (UUID) from the account's amoCRM integration settings."),
  client_secret: credential("Secret key of that integration.").optional(),
})
  .superRefine(refineClientPair)
  .meta({ id: "AmocrmAuthData" });

export type AmocrmAuthData = z.infer<typeof amocrmAuthDataSchema>;
