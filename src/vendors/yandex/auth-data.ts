import { oauthAppAuthData } from "../shared/oauth-app.js";

export const yandexAuthDataSchema = oauthAppAuthData("YandexAuthData", "Yandex ID");
