import { authOf } from "../../infra/api-guard.js";
import { deletedSchema } from "../../infra/common-schemas.js";
import { errorResponses } from "../../infra/error-responses.js";
import type { App } from "../../infra/http-types.js";
import { threadParamsSchema, threadSchema, toThread } from "../threads/index.js";
import type { RoutingService } from "./routing-service.js";
import {
  routingSettingsBodySchema,
  routingSettingsSchema,
  teamBodySchema,
  teamListSchema,
  teamMemberBodySchema,
  teamMemberParamsSchema,
  teamParamsSchema,
  teamSchema,
  threadTeamBodySchema,
} from "./schemas.js";

const tags = ["Routing"];
const adminsOnly = "Admins only (an admin session or an API key).";
const teamExists = { 409: "`team_exists`: the project has a team of that name." };

/** Teams, a thread's team and the routing settings (docs/routing.md). Mount under the guarded /v1 prefix. */
export function routingRoutes(app: App, routing: RoutingService): void {
  app.get(
    "/teams",
    {
      schema: {
        tags,
        operationId: "listTeams",
        summary: "List the project's teams",
        description: "By name, each with its members.",
        response: { 200: teamListSchema },
      },
    },
    async (request) => routing.listTeams(authOf(request)),
  );

  app.post(
    "/teams",
    {
      schema: {
        tags,
        operationId: "createTeam",
        summary: "Create a team",
        description: `${adminsOnly} Names are unique within the project.`,
        body: teamBodySchema,
        response: { 200: teamSchema, ...errorResponses(teamExists) },
      },
    },
    async (request) => routing.createTeam(authOf(request), request.body.name),
  );

  app.get(
    "/teams/:team_id",
    {
      schema: {
        tags,
        operationId: "getTeam",
        summary: "Get a team",
        params: teamParamsSchema,
        response: { 200: teamSchema },
      },
    },
    async (request) => routing.getTeam(authOf(request), request.params.team_id),
  );

  app.post(
    "/teams/:team_id",
    {
      schema: {
        tags,
        operationId: "updateTeam",
        summary: "Rename a team",
        description: `${adminsOnly} Its threads show the new name.`,
        params: teamParamsSchema,
        body: teamBodySchema,
        response: { 200: teamSchema, ...errorResponses(teamExists) },
      },
    },
    async (request) => routing.renameTeam(authOf(request), request.params.team_id, request.body.name),
  );

  app.post(
    "/teams/:team_id/delete",
    {
      schema: {
        tags,
        operationId: "deleteTeam",
        summary: "Delete a team",
        description: `${adminsOnly} Its threads go back to the project's queue; their assignees stay.`,
        params: teamParamsSchema,
        response: { 200: deletedSchema },
      },
    },
    async (request) => routing.deleteTeam(authOf(request), request.params.team_id),
  );

  app.post(
    "/teams/:team_id/members",
    {
      schema: {
        tags,
        operationId: "addTeamMember",
        summary: "Add an operator to a team",
        description: `${adminsOnly} Adding a member again changes nothing. With auto-assignment on, an online member is given the team's queued conversations up to their capacity.`,
        params: teamParamsSchema,
        body: teamMemberBodySchema,
        response: {
          200: teamSchema,
          ...errorResponses({ 404: "`team_not_found`, `operator_not_found`." }),
        },
      },
    },
    async (request) => routing.addMember(authOf(request), request.params.team_id, request.body.operator_id),
  );

  app.post(
    "/teams/:team_id/members/:operator_id/delete",
    {
      schema: {
        tags,
        operationId: "removeTeamMember",
        summary: "Remove an operator from a team",
        description: `${adminsOnly} Their assigned threads stay theirs.`,
        params: teamMemberParamsSchema,
        response: { 200: teamSchema },
      },
    },
    async (request) =>
      routing.removeMember(authOf(request), request.params.team_id, request.params.operator_id),
  );

  app.post(
    "/threads/:thread_id/team",
    {
      schema: {
        tags,
        operationId: "setThreadTeam",
        summary: "Queue a thread to a team, or back to the project's queue",
        description:
          "`team_id`: a team of the project, or null. A thread waiting for a person without an assignee is then " +
          "routed within its new queue when auto-assignment is on; an assignee stays (docs/routing.md).",
        params: threadParamsSchema,
        body: threadTeamBodySchema,
        response: { 200: threadSchema, ...errorResponses({ 404: "`thread_not_found`, `team_not_found`." }) },
      },
    },
    async (request) => {
      const moved = await routing.setThreadTeam(
        authOf(request),
        request.params.thread_id,
        request.body.team_id,
      );
      return toThread(moved.row, moved.labels, moved.replyWindow);
    },
  );

  app.get(
    "/routing",
    {
      schema: {
        tags,
        operationId: "getRoutingSettings",
        summary: "The project's routing settings",
        response: { 200: routingSettingsSchema },
      },
    },
    async (request) => routing.settings(authOf(request)),
  );

  app.post(
    "/routing",
    {
      schema: {
        tags,
        operationId: "updateRoutingSettings",
        summary: "Change the project's routing settings",
        description: `${adminsOnly} Fields left out keep their value (docs/routing.md).`,
        body: routingSettingsBodySchema,
        response: { 200: routingSettingsSchema, ...errorResponses({ 404: "`team_not_found`." }) },
      },
    },
    async (request) => routing.updateSettings(authOf(request), request.body),
  );
}
