import { z } from "zod";
import { resourceNameSchema } from "../../infra/common-schemas.js";

const ref = z.object({ id: z.string(), name: z.string() });

export const teamSchema = z
  .object({
    id: z.string(),
    name: z.string().describe("Unique within the project."),
    members: z.array(ref).describe("Its operators, in the order they joined."),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({
    id: "Team",
    description: "A team of the project's operators with a queue of its own (docs/routing.md).",
  });

export const teamListSchema = z.object({ data: z.array(teamSchema) }).meta({ id: "TeamList" });

export const teamParamsSchema = z.object({ team_id: z.string().max(128) });
export const teamMemberParamsSchema = z.object({
  team_id: z.string().max(128),
  operator_id: z.string().max(128),
});

export const teamBodySchema = z.strictObject({ name: resourceNameSchema }).meta({ id: "TeamRequest" });

export const teamMemberBodySchema = z
  .strictObject({ operator_id: z.string().min(1).max(128).describe("An operator of the project.") })
  .meta({ id: "TeamMemberRequest" });

export const threadTeamBodySchema = z
  .strictObject({
    team_id: z
      .string()
      .min(1)
      .max(128)
      .nullable()
      .describe("The team whose queue the thread goes to; null: the project's queue."),
  })
  .meta({ id: "ThreadTeamRequest" });

export const routingSettingsSchema = z
  .object({
    auto_assign: z
      .boolean()
      .describe("Hand-offs are assigned to an online operator by round robin (docs/routing.md)."),
    offline_after_minutes: z
      .number()
      .int()
      .describe("Minutes without a console request after which an operator counts as offline."),
    handoff_team: ref.nullable().describe("The team a hand-off without a team is queued to; null: none."),
  })
  .meta({ id: "RoutingSettings" });

export const routingSettingsBodySchema = z
  .strictObject({
    auto_assign: z.boolean().optional(),
    offline_after_minutes: z
      .number()
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(1440, "must be at most 1440")
      .optional(),
    handoff_team_id: z
      .string()
      .min(1)
      .max(128)
      .nullable()
      .optional()
      .describe("A team of the project, or null."),
  })
  .meta({ id: "RoutingSettingsRequest" });

export type Team = z.infer<typeof teamSchema>;
export type RoutingSettingsView = z.infer<typeof routingSettingsSchema>;
