import { z } from "zod";
import { authDataObject, credential, refineClientPair } from "../shared/fields.js";

/**
 * Bitrix24 (docs/api.md "auth_data per vendor"). OAuth is authorized on the portal itself, so the portal's host
 * is required; a local application's `client_id`/`client_secret` are optional as a pair
 * (without them the server's configured Bitrix24 app is used). `application_token` pins the
 * token Bitrix24 sends with every event of the application (docs/channels.md, "Bitrix24");
 * without it, the one the verified installation event brought is used.
 */
export const bitrix24AuthDataSchema = authDataObject({
  portal: z
    .string({ error: (issue) => (issue.input === undefined ? "required" : "must be a string") })
    .max(253, "must be at most 253 characters")
    .regex(
      /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/,
      "must be the portal's host name, e.g. acme.bitrix24.ru",
    )
    .describe("Portal host name, e.g. `acme.bitrix24.ru`."),
  client_id: credential("Application id (`client_id`) of a local application.").optional(),
  client_secret: credential("Application key (`client_secret`) of that application.").optional(),
  application_token: credential(
    "The application's `application_token`, which Bitrix24 sends with every event (`auth[application_token]`). Optional: Parley learns it from the verified installation event (`ONAPPINSTALL`); when set, only events carrying it are accepted.",
  ).optional(),
})
  .superRefine(refineClientPair)
  .meta({ id: "Bitrix24AuthData" });

export type Bitrix24AuthData = z.infer<typeof bitrix24AuthDataSchema>;
