import { authOf } from "../../infra/api-guard.js";
import { errorResponses } from "../../infra/error-responses.js";
import type { App } from "../../infra/http-types.js";
import { botParamsSchema } from "./schemas.js";
import { botSettingsPatchSchema } from "./settings-schema.js";
import {
  botDraftSchema,
  botVersionListSchema,
  botVersionWithSettingsSchema,
  diffQuerySchema,
  publicationSchema,
  publishBodySchema,
  rollbackBodySchema,
  settingsDiffSchema,
  versionListQuerySchema,
  versionParamsSchema,
} from "./versions-schemas.js";
import type { BotVersionsService } from "./versions-service.js";

const tags = ["Bot versions"];

/** Versions, the draft, publish and roll back (docs/quality.md, "Versions"). */
export function botVersionRoutes(app: App, versions: BotVersionsService): void {
  app.get(
    "/bots/:bot_id/versions",
    {
      schema: {
        tags,
        operationId: "listBotVersions",
        summary: "List a bot's versions, newest first",
        params: botParamsSchema,
        querystring: versionListQuerySchema,
        response: { 200: botVersionListSchema },
      },
    },
    async (request) => versions.list(authOf(request), request.params.bot_id, request.query),
  );

  app.get(
    "/bots/:bot_id/versions/diff",
    {
      schema: {
        tags,
        operationId: "diffBotVersions",
        summary: "What changed between two versions",
        description: "Default: from the published version to the draft.",
        params: botParamsSchema,
        querystring: diffQuerySchema,
        response: { 200: settingsDiffSchema, ...errorResponses({ 404: "`version_not_found`." }) },
      },
    },
    async (request) =>
      versions.diff(authOf(request), request.params.bot_id, request.query.from, request.query.to),
  );

  app.get(
    "/bots/:bot_id/versions/:version",
    {
      schema: {
        tags,
        operationId: "getBotVersion",
        summary: "Get a version with its settings",
        params: versionParamsSchema,
        response: { 200: botVersionWithSettingsSchema, ...errorResponses({ 404: "`version_not_found`." }) },
      },
    },
    async (request) => versions.get(authOf(request), request.params.bot_id, request.params.version),
  );

  app.get(
    "/bots/:bot_id/draft",
    {
      schema: {
        tags,
        operationId: "getBotDraft",
        summary: "Get the bot's draft",
        description: "Without a draft, `version` is null and the settings are the published ones.",
        params: botParamsSchema,
        response: { 200: botDraftSchema },
      },
    },
    async (request) => versions.draft(authOf(request), request.params.bot_id),
  );

  app.post(
    "/bots/:bot_id/draft",
    {
      schema: {
        tags,
        operationId: "updateBotDraft",
        summary: "Change the draft (deep partial merge)",
        description:
          "The same patch as POST /v1/bots/{bot_id}/settings, merged into the draft (begun from the published " +
          "settings when there is none). Each change is a new version that does not answer customers until published; " +
          "chats with `bot_version: draft` (the console's Try it) answer with it.",
        params: botParamsSchema,
        body: botSettingsPatchSchema,
        response: { 200: botDraftSchema },
      },
    },
    async (request) => versions.saveDraft(authOf(request), request.params.bot_id, request.body),
  );

  app.post(
    "/bots/:bot_id/draft/discard",
    {
      schema: {
        tags,
        operationId: "discardBotDraft",
        summary: "Drop the draft (its versions stay in the history)",
        params: botParamsSchema,
        response: { 200: botDraftSchema },
      },
    },
    async (request) => versions.discardDraft(authOf(request), request.params.bot_id),
  );

  app.post(
    "/bots/:bot_id/publish",
    {
      schema: {
        tags,
        operationId: "publishBotVersion",
        summary: "Publish the draft, or a version by number",
        description:
          "The version answers customers from now on; `bot.published` is sent. With `publish_requires_evals`, " +
          "the version needs a passing evaluation run of its own settings and model first.",
        params: botParamsSchema,
        body: publishBodySchema,
        response: {
          200: publicationSchema,
          ...errorResponses({
            404: "`version_not_found`.",
            409: "`nothing_to_publish` (no draft), `evals_required` or `evals_failed` (the publish gate).",
          }),
        },
      },
    },
    async (request) => versions.publish(authOf(request), request.params.bot_id, request.body ?? {}),
  );

  app.post(
    "/bots/:bot_id/rollback",
    {
      schema: {
        tags,
        operationId: "rollbackBotVersion",
        summary: "Go back to a version that was published before",
        description: "Default: the version published before the current one. Not gated; the draft is kept.",
        params: botParamsSchema,
        body: rollbackBodySchema,
        response: {
          200: publicationSchema,
          ...errorResponses({
            404: "`version_not_found`.",
            409: "`nothing_to_roll_back`, or `never_published` (publish it instead).",
          }),
        },
      },
    },
    async (request) => versions.rollback(authOf(request), request.params.bot_id, request.body ?? {}),
  );
}
