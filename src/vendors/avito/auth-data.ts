import type { z } from "zod";
import { authDataObject, credential } from "../shared/fields.js";

/** Avito (docs/api.md "auth_data per vendor"): the account's API credentials for the client_credentials grant. */
export const avitoAuthDataSchema = authDataObject({
  client_id: credential("Client id from the Avito API settings."),
  client_secret: credential("Client secret from the Avito API settings."),
}).meta({ id: "AvitoAuthData" });

export type AvitoAuthData = z.infer<typeof avitoAuthDataSchema>;
