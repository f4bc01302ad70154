import { z } from "zod";
import { botSchema } from "./schemas.js";
import { botSettingsSchema } from "./settings-schema.js";

export const botVersionSchema = z
  .object({
    id: z.string(),
    bot_id: z.string(),
    version: z.number().describe("From 1, per bot; never reused."),
    settings_version: z
      .string()
      .describe("A short hash of the settings: what traces and evaluation runs name (docs/quality.md)."),
    source: z
      .enum(["created", "settings", "draft", "clone", "migration"])
      .describe(
        "How it was made: the bot's creation, a live settings change, a draft edit, a clone, or the bot as it was when versions began.",
      ),
    note: z.string().nullable().describe("What the publication was about, as given to publish."),
    created_at: z.string(),
    published_at: z.string().nullable().describe("The last time it went live; null while it never was."),
    state: z.enum(["published", "draft", "archived"]),
  })
  .meta({ id: "BotVersion" });

export const botVersionWithSettingsSchema = botVersionSchema
  .extend({ settings: botSettingsSchema })
  .meta({ id: "BotVersionWithSettings" });

export const botVersionListSchema = z
  .object({
    data: botVersionSchema.array(),
    next_cursor: z.string().nullable().describe("Pass as `cursor` for older versions; null at the end."),
  })
  .meta({ id: "BotVersionList" });

export const botDraftSchema = z
  .object({
    version: z
      .number()
      .nullable()
      .describe("The draft's version; null when there are no unpublished changes."),
    based_on: z.number().describe("The published version the draft was begun from."),
    settings: botSettingsSchema.describe("The draft's settings (the published ones when there is no draft)."),
    updated_at: z.string(),
  })
  .meta({ id: "BotDraft" });

export const settingsDiffSchema = z
  .object({
    from: botVersionSchema,
    to: botVersionSchema,
    changes: z
      .object({
        path: z.string().describe("Dot-separated, e.g. `ai.model.temperature`."),
        change: z.enum(["added", "removed", "changed"]),
        from: z.unknown().optional(),
        to: z.unknown().optional(),
      })
      .array(),
  })
  .meta({ id: "BotSettingsDiff" });

export const publicationSchema = z
  .object({
    bot: botSchema,
    version: botVersionSchema.describe("The version that now answers customers."),
    previous_version: z
      .number()
      .describe("The version that answered before (the same when nothing changed)."),
  })
  .meta({ id: "BotPublication" });

/** `draft`, `published`, or a version number. */
export const versionRefSchema = z
  .union([z.enum(["draft", "published"]), z.coerce.number().int().min(1).max(2_147_483_647)])
  .describe("A version number, `draft` (the published one while there is none) or `published`.");

export const versionParamsSchema = z.object({ bot_id: z.string().max(128), version: versionRefSchema });

export const versionListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(32).optional().describe("From `next_cursor` of the previous page."),
});

export const diffQuerySchema = z.object({
  from: versionRefSchema.default("published"),
  to: versionRefSchema.default("draft"),
});

export const publishBodySchema = z
  .strictObject({
    version: z.number().int().min(1).optional().describe("Default: the draft."),
    note: z.string().max(500, "must be at most 500 characters").optional().describe("Kept on the version."),
  })
  .nullish();

export const rollbackBodySchema = z
  .strictObject({
    version: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe("A version that was published before; default: the one published before the current one."),
  })
  .nullish();
