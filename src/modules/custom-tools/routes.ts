import { z } from "zod";
import { authOf } from "../../infra/api-guard.js";
import { deletedSchema } from "../../infra/common-schemas.js";
import { errorResponses } from "../../infra/error-responses.js";
import type { App } from "../../infra/http-types.js";
import type { CustomToolsService } from "./custom-tools-service.js";
import {
  createCustomToolBodySchema,
  createdCustomToolSchema,
  customToolParamsSchema,
  customToolSchema,
  importCustomToolsBodySchema,
  importResultSchema,
  updateCustomToolBodySchema,
} from "./schemas.js";

const tags = ["Custom tools"];
const NAME_TAKEN = { 409: "`custom_tool_name_taken`: the project already has a custom tool with this name." };
const NOT_FOUND = {
  404: "`custom_tool_not_found`: no custom tool with this id in the project (another project's is not found either).",
};

/**
 * The project's own HTTP tools (docs/custom-tools.md), admin only: a console session with the
 * role `operator` is refused by the operator allowlist (operators/operator-access.ts).
 */
export function customToolRoutes(app: App, tools: CustomToolsService): void {
  app.get(
    "/tools/custom",
    {
      schema: {
        tags,
        operationId: "listCustomTools",
        summary: "List the project's custom HTTP tools",
        description:
          "Oldest first. Header values and signing secrets are never returned; `header_names` lists the headers.",
        response: { 200: z.array(customToolSchema) },
      },
    },
    async (request) => tools.list(authOf(request)),
  );

  app.post(
    "/tools/custom",
    {
      schema: {
        tags,
        operationId: "createCustomTool",
        summary: "Create a custom HTTP tool",
        description:
          "A tool bots may enable by `name` in `ai.tools`, under the approval policies. A call validates the " +
          "model's arguments against `input_schema`, fills the URL template, sends the other arguments as the " +
          "query string (GET, DELETE) or the JSON body, signs the request like a webhook with the tool's " +
          "`secret` (returned only here) and gives the model the JSON answer. A URL on a private, loopback or " +
          "link-local address is refused (422) unless the server runs with PARLEY_WEBHOOKS_ALLOW_PRIVATE=true.",
        body: createCustomToolBodySchema,
        response: { 200: createdCustomToolSchema, ...errorResponses(NAME_TAKEN) },
      },
    },
    async (request) => tools.create(authOf(request), request.body),
  );

  app.post(
    "/tools/custom/import",
    {
      schema: {
        tags,
        operationId: "importCustomTools",
        summary: "Create custom tools from an OpenAPI 3 document",
        description:
          "One tool per chosen operation (default: all): named after its operationId in snake_case (made " +
          "unique), described by its summary and description, its path and query parameters and JSON request " +
          "body merged into `input_schema` (local `$ref`s resolved). Operations that cannot be mapped are " +
          "listed in `refused` with the reason; the others are created in one transaction, each with its own " +
          "secret. `dry_run: true` only shows the candidates. A document that is not OpenAPI 3 is 422.",
        body: importCustomToolsBodySchema,
        response: { 200: importResultSchema, ...errorResponses(NAME_TAKEN) },
      },
    },
    async (request) => tools.import(authOf(request), request.body),
  );

  app.get(
    "/tools/custom/:tool_id",
    {
      schema: {
        tags,
        operationId: "getCustomTool",
        summary: "Get a custom HTTP tool",
        params: customToolParamsSchema,
        response: { 200: customToolSchema, ...errorResponses(NOT_FOUND) },
      },
    },
    async (request) => tools.get(authOf(request), request.params.tool_id),
  );

  app.post(
    "/tools/custom/:tool_id",
    {
      schema: {
        tags,
        operationId: "updateCustomTool",
        summary: "Update a custom HTTP tool",
        description:
          "Only the fields sent change; `headers` sets (a value) or removes (`null`) the headers it names. The " +
          "definition is checked as a whole again (the URL's placeholders against the schema). `status: " +
          "disabled` stops offering the tool to bots; calls waiting for an approval are then refused.",
        params: customToolParamsSchema,
        body: updateCustomToolBodySchema,
        response: { 200: customToolSchema, ...errorResponses({ ...NOT_FOUND, ...NAME_TAKEN }) },
      },
    },
    async (request) => tools.update(authOf(request), request.params.tool_id, request.body),
  );

  app.post(
    "/tools/custom/:tool_id/rotate-secret",
    {
      schema: {
        tags,
        operationId: "rotateCustomToolSecret",
        summary: "Replace a custom tool's signing secret",
        description:
          "The new secret is returned only in this response and signs every later call; the old one none.",
        params: customToolParamsSchema,
        response: { 200: createdCustomToolSchema, ...errorResponses(NOT_FOUND) },
      },
    },
    async (request) => tools.rotateSecret(authOf(request), request.params.tool_id),
  );

  app.delete(
    "/tools/custom/:tool_id",
    {
      schema: {
        tags,
        operationId: "deleteCustomTool",
        summary: "Delete a custom HTTP tool",
        description: "Bots that enable it keep the name in `ai.tools`; it is no longer offered to the model.",
        params: customToolParamsSchema,
        response: { 200: deletedSchema, ...errorResponses(NOT_FOUND) },
      },
    },
    async (request) => tools.delete(authOf(request), request.params.tool_id),
  );
}
