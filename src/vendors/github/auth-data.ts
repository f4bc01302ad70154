import { oauthAppAuthData } from "../shared/oauth-app.js";

export const githubAuthDataSchema = oauthAppAuthData("GithubAuthData", "GitHub");
