import { authDataObject, credential } from "./fields.js";

/**
 * GitHub, Google and Yandex (docs/api.md "auth_data per vendor"): an OAuth app of the user's own, whose
 * credentials the OAuth start and the code exchange need. The tokens are saved by the OAuth
 * callback, not sent here.
 */
export function oauthAppAuthData(id: string, vendor: string) {
  return authDataObject({
    client_id: credential(`Client id of the ${vendor} OAuth app.`),
    client_secret: credential(`Client secret of the ${vendor} OAuth app.`),
  }).meta({ id });
}
