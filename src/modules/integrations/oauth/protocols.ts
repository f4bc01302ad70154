import type { OAuthConfig, OAuthVendor } from "../../../config-oauth.js";
import { amocrmOAuth } from "../vendors/amocrm/oauth.js";
import { bitrix24OAuth } from "../vendors/bitrix24/oauth.js";
import { githubOAuth } from "../vendors/github/oauth.js";
import { googleOAuth } from "../vendors/google/oauth.js";
import { yandexOAuth } from "../vendors/yandex/oauth.js";
import type { OAuthProtocol } from "./oauth-protocol.js";

export type OAuthProtocols = Record<OAuthVendor, OAuthProtocol>;

/** Each OAuth vendor's protocol over its configured hosts (docs/oauth.md). */
export function oauthProtocols(config: OAuthConfig): OAuthProtocols {
  return {
    github: githubOAuth(config.github),
    google: googleOAuth(config.google),
    yandex: yandexOAuth(config.yandex),
    amocrm: amocrmOAuth(config.amocrm),
    bitrix24: bitrix24OAuth(config.bitrix24),
  };
}
