import { oauthAppAuthData } from "../shared/oauth-app.js";

export const googleAuthDataSchema = oauthAppAuthData("GoogleAuthData", "Google");
