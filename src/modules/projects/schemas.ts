import { z } from "zod";
import { resourceNameSchema } from "../../infra/common-schemas.js";

export const projectSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    organization_id: z.string(),
    avatar_url: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "Project" });

export type Project = z.infer<typeof projectSchema>;

export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    role: z
      .enum(["admin", "project"])
      .describe(
        "`admin`: an organization admin key (bootstrap or CLI); `project`: acts on its project only.",
      ),
    last_used_at: z.string().nullable().describe("Updated at most once a minute."),
    created_at: z.string(),
  })
  .meta({ id: "ApiKey" });

export type ApiKey = z.infer<typeof apiKeySchema>;

export const createdApiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    key: z.string().describe("The secret. Returned only in this response: store it now."),
    created_at: z.string(),
  })
  .meta({ id: "CreateApiKeyResponse" });

export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

const name = resourceNameSchema;

export const createProjectBodySchema = z.strictObject({
  name,
  organization_id: z.string().min(1).max(128),
  avatar_url: z.url().max(2000).nullable().optional(),
});

export const createApiKeyBodySchema = z.strictObject({ name });

export const projectParamsSchema = z.object({ id: z.string().max(128) });
export const apiKeyParamsSchema = z.object({ id: z.string().max(128), key_id: z.string().max(128) });
