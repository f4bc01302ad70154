import { z } from "zod";
import { freeFormObjectSchema, resourceNameSchema } from "../../infra/common-schemas.js";
import { VENDOR_IDS, type VendorId } from "../../vendors/registry.js";
import { authDataSchemas } from "./vendor-lookup.js";

export const integrationVendorSchema = z.enum(VENDOR_IDS).meta({ id: "IntegrationVendor" });
export const integrationStatusSchema = z
  .enum(["active", "disabled", "error"])
  .meta({ id: "IntegrationStatus" });

/** Free-form JSON object; replaced as a whole on update. */
export const settingsObjectSchema = z.record(z.string(), z.unknown(), { error: "must be a JSON object" });
/** Settings as a client sends them: bounded in depth and size. */
const settingsInputSchema = freeFormObjectSchema();

export const connectionSchema = z
  .object({
    webhook_url: z
      .string()
      .nullable()
      .describe("Where the vendor posts inbound messages: `<PARLEY_PUBLIC_URL>/hooks/<vendor>/<id>`."),
    status: z
      .enum(["pending", "connected", "failed", "manual"])
      .describe(
        "`pending`: Parley is registering the webhook with the vendor; `connected`: registered; " +
          "`failed`: see `error`; `manual`: the vendor has no API for it, enter `webhook_url` in " +
          "the vendor's dashboard (docs/channels.md).",
      ),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    checked_at: z.string().nullable().describe("When the registration or a credential check last ran."),
  })
  .nullable()
  .describe("The vendor webhook's standing; null for vendors that deliver no messages.")
  .meta({ id: "IntegrationConnection" });

export const integrationSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    vendor: integrationVendorSchema,
    status: integrationStatusSchema,
    project_id: z.string(),
    settings: settingsObjectSchema.describe("Vendor-specific settings, as last sent."),
    connection: connectionSchema,
    created_at: z.string().describe("ISO 8601, UTC"),
    updated_at: z.string().describe("ISO 8601, UTC"),
  })
  .describe("`auth_data` is write-only: it is stored encrypted and never returned.")
  .meta({ id: "Integration" });

export type Integration = z.infer<typeof integrationSchema>;

const name = resourceNameSchema;
const settings = settingsInputSchema.optional().describe("Vendor-specific settings; default `{}`.");

function createVariant<V extends VendorId>(vendor: V) {
  return z.strictObject({ name, vendor: z.literal(vendor), auth_data: authDataSchemas[vendor], settings });
}

/** One variant per vendor of the registry, so the OpenAPI document shows each vendor's auth_data. */
export const createIntegrationBodySchema = z.discriminatedUnion(
  "vendor",
  VENDOR_IDS.map(createVariant) as unknown as [ReturnType<typeof createVariant<VendorId>>],
  { error: `must be one of ${VENDOR_IDS.join(", ")}` },
);

export type CreateIntegrationInput = z.infer<typeof createIntegrationBodySchema>;

export const updateIntegrationBodySchema = z.strictObject({
  name: name.optional(),
  status: integrationStatusSchema.optional(),
  auth_data: freeFormObjectSchema()
    .optional()
    .describe(
      "Replaces the whole stored auth_data; validated against the integration's vendor " +
        "(the same fields as when creating).",
    ),
  settings: settingsInputSchema.optional().describe("Replaces the whole settings object."),
});

export type UpdateIntegrationInput = z.infer<typeof updateIntegrationBodySchema>;

export const integrationParamsSchema = z.object({ id: z.string().max(128) });

export const integrationProfileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    username: z.string().optional(),
    avatar_url: z.string().optional(),
  })
  .meta({ id: "IntegrationProfile" });
