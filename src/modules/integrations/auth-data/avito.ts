import { authDataObject, credential } from "./fields.js";

/** Avito (vendors.md §7): the account's API credentials for the client_credentials grant. */
export const avitoAuthDataSchema = authDataObject({
  client_id: credential("Client id from the Avito API settings."),
  client_secret: credential("Client secret from the Avito API settings."),
}).meta({ id: "AvitoAuthData" });
