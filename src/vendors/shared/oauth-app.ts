import { authDataObject, credential, refineClientPair } from "./fields.js";

/**
 * GitHub, Google and Yandex (docs/api.md "auth_data per vendor"): the OAuth app the account
 * connects through, optional as a pair — without it the server's own app for the vendor is
 * used (PARLEY_<VENDOR>_CLIENT_ID / _SECRET; docs/oauth.md). The tokens are saved by the OAuth
 * callback, never sent here.
 */
export function oauthAppAuthData(id: string, vendor: string) {
  return authDataObject({
    client_id: credential(`Client id of the ${vendor} OAuth app.`).optional(),
    client_secret: credential(`Client secret of the ${vendor} OAuth app.`).optional(),
  })
    .superRefine(refineClientPair)
    .meta({ id });
}
