import { z } from "zod";
import { resourceNameSchema } from "../../infra/common-schemas.js";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./passwords.js";

const roleSchema = z.enum(["admin", "operator"]).meta({
  id: "OperatorRole",
  description: "`admin`: everything of the project; `operator`: threads (docs/console.md).",
});

const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const signInBodySchema = z
  .strictObject({
    email: z.string().trim().min(1, "must not be empty").max(320),
    password: z.string().min(1, "must not be empty").max(PASSWORD_MAX_LENGTH),
    project_id: z.string().max(128).optional().describe("The project to work in; default the first one."),
  })
  .meta({ id: "SignInRequest" });

export const sessionSchema = z
  .object({
    id: z.string(),
    user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
    project: z.object({ id: z.string(), name: z.string() }),
    role: roleSchema,
    projects: z
      .array(z.object({ id: z.string(), name: z.string(), role: roleSchema }))
      .describe("Every project the person belongs to (switch with POST /v1/session/project)."),
    csrf_token: z
      .string()
      .describe("Send as `X-CSRF-Token` on every request other than GET with this session."),
    expires_at: z.string(),
  })
  .meta({ id: "Session", description: "A console sign-in session (docs/console.md)." });

export const switchProjectBodySchema = z.strictObject({ project_id: z.string().min(1).max(128) });

export const changePasswordBodySchema = z.strictObject({
  current_password: z.string().min(1, "must not be empty").max(PASSWORD_MAX_LENGTH),
  new_password: newPassword,
});

export const availabilitySchema = z.enum(["online", "busy", "offline"]).meta({
  id: "OperatorAvailability",
  description:
    "`online`: routing may assign them conversations; `busy`, `offline`: it does not (docs/routing.md).",
});

const capacitySchema = z
  .number()
  .int("must be a whole number")
  .min(0, "must be at least 0")
  .max(1000, "must be at most 1000")
  .nullable();

export const operatorSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: roleSchema,
    created_at: z.string().describe("When they joined the project."),
    last_sign_in_at: z.string().nullable().describe("Their last sign-in to this project."),
    availability: availabilitySchema.describe("As set by hand (by them, or by an admin)."),
    effective_availability: availabilitySchema.describe(
      "What routing sees: `offline` when set so, or when they made no console request within the project's " +
        "`offline_after_minutes` (docs/routing.md).",
    ),
    capacity: capacitySchema.describe(
      "The most open conversations routing assigns them; null: no limit (docs/routing.md).",
    ),
    last_seen_at: z
      .string()
      .nullable()
      .describe("Their last console request in the project (written at most once a minute)."),
  })
  .meta({ id: "Operator", description: "A person of the project who signs in to the console." });

export const operatorListSchema = z.object({ data: z.array(operatorSchema) }).meta({ id: "OperatorList" });

export const createOperatorBodySchema = z.strictObject({
  email: z.email("must be an email address").max(320),
  name: resourceNameSchema,
  password: newPassword
    .optional()
    .describe("Required for a new account; omit it to add an existing account of the organization."),
  role: roleSchema.default("operator"),
});

export const updateOperatorBodySchema = z.strictObject({
  name: resourceNameSchema.optional(),
  capacity: capacitySchema
    .optional()
    .describe("The most open conversations routing assigns them; null: no limit (docs/routing.md)."),
  role: roleSchema.optional(),
  password: newPassword
    .optional()
    .describe("Sets a new password and ends their sessions; only for a person in no other project."),
});

export const operatorParamsSchema = z.object({ operator_id: z.string().max(128) });

export const availabilityBodySchema = z
  .strictObject({ availability: availabilitySchema })
  .meta({ id: "SetAvailabilityRequest" });
