import { authDataObject, credential } from "./fields.js";

/**
 * GitHub, Google and Yandex (vendors.md §8): an OAuth app of the user's own, whose
 * credentials the OAuth start and the code exchange need. The tokens are saved by the OAuth
 * callback, not sent here.
 */
function oauthAppAuthData(id: string, vendor: string) {
  return authDataObject({
    client_id: credential(`Client id of the ${vendor} OAuth app.`),
    client_secret: credential(`Client secret of the ${vendor} OAuth app.`),
  }).meta({ id });
}

export const githubAuthDataSchema = oauthAppAuthData("GithubAuthData", "GitHub");
export const googleAuthDataSchema = oauthAppAuthData("GoogleAuthData", "Google");
export const yandexAuthDataSchema = oauthAppAuthData("YandexAuthData", "Yandex ID");
