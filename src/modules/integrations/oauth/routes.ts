import { z } from "zod";
import { authOf } from "../../../infra/api-guard.js";
import { errorResponses } from "../../../infra/error-responses.js";
import type { App } from "../../../infra/http-types.js";
import { stringQuery } from "../../../infra/raw-body.js";
import { integrationParamsSchema } from "../schemas.js";
import { CALLBACK_PAGE_HEADERS, callbackPage } from "./callback-page.js";
import type { OAuthService } from "./oauth-service.js";

const oauthStartSchema = z
  .object({
    url: z
      .string()
      .describe(
        "The vendor's consent page. Send the user there; the vendor then redirects the browser to " +
          "`<PARLEY_PUBLIC_URL>/oauth/callback`, which stores the tokens. Valid for 10 minutes, once.",
      ),
  })
  .meta({ id: "OAuthStart" });

/** POST /v1/integrations/:id/oauth/start (under the API guard). */
export function oauthStartRoutes(app: App, oauth: OAuthService): void {
  app.post(
    "/integrations/:id/oauth/start",
    {
      schema: {
        tags: ["Integrations"],
        operationId: "startIntegrationOAuth",
        summary: "Start connecting an integration by OAuth",
        description:
          "For `github`, `google`, `yandex`, `amocrm` and `bitrix24`: returns the vendor's consent URL " +
          "with a `state` that is signed, bound to this integration, single-use and valid for 10 " +
          "minutes. After the user consents, the vendor redirects to `<PARLEY_PUBLIC_URL>/oauth/callback`, " +
          "which exchanges the code, stores the tokens encrypted and sets the integration `active`; " +
          "Parley refreshes them before they expire. The OAuth app is the one in `auth_data` " +
          "(`client_id`, `client_secret`), else the server's configured app for the vendor. No body.",
        params: integrationParamsSchema,
        response: {
          200: oauthStartSchema,
          ...errorResponses({
            422:
              "`oauth_not_supported`: the integration's vendor does not connect by OAuth; " +
              "`oauth_not_configured`: neither `auth_data` nor the server configuration names an OAuth app for the vendor.",
          }),
        },
      },
    },
    async (request) => oauth.start(authOf(request), request.params.id),
  );
}

/**
 * GET /oauth/callback: public (the vendor redirects the user's browser here), outside /v1 and
 * the OpenAPI document; it answers a small HTML page.
 */
export function oauthCallbackRoutes(app: App, oauth: OAuthService): void {
  app.get("/oauth/callback", { schema: { hide: true } }, async (request, reply) => {
    const outcome = await oauth.callback(stringQuery(request.query));
    return reply.code(outcome.status).headers(CALLBACK_PAGE_HEADERS).send(callbackPage(outcome));
  });
}
