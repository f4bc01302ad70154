import type { LookupFunction } from "node:net";
import type { Clock } from "../../infra/clock.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { SecretBox } from "../../infra/secret-box.js";
import type { CustomToolRow } from "../../storage/repos/custom-tools.repo.js";
import type { Repos } from "../../storage/repos/index.js";
import type { ProvidedTool, ToolProvider } from "../../tools/tool-provider.js";
import { ToolRefusal } from "../../tools/tool-refusal.js";
import { callCustomTool, type ToolCallLog } from "./call-tool.js";
import { createToolHttpClient, type ToolHttpClient } from "./http-call.js";
import { toolInputSchema } from "./input-schema.js";

export interface CustomToolsDeps {
  repos: Repos;
  /** Opens the sealed header values and signing secrets. */
  secrets: SecretBox;
  clock: Clock;
  newId: IdGenerator;
  /** Every call is logged here at info (the app's logger). */
  log: ToolCallLog;
  /** PARLEY_WEBHOOKS_ALLOW_PRIVATE: calls may reach private, loopback and link-local addresses. */
  allowPrivate: boolean;
  /** The resolver under the address guard (tests); `dns.lookup` by default. */
  lookup?: LookupFunction;
  /** Replaces the HTTP client (tests). */
  http?: ToolHttpClient;
}

/**
 * The project's own HTTP tools as a ToolProvider (docs/custom-tools.md): each `active` custom
 * tool, by its name, with its JSON Schema (validated with Ajv) and its per-turn call limit.
 * `knownNames` are all of them, disabled ones too, so a bot may enable a tool before it is
 * switched on. A call reads the tool again, so an edit, a disabled tool or a rotated secret
 * applies to calls that were waiting for an approval too.
 */
export function customTools(deps: CustomToolsDeps): ToolProvider {
  const http = deps.http ?? createToolHttpClient({ allowPrivate: deps.allowPrivate, lookup: deps.lookup });
  const callDeps = { secrets: deps.secrets, clock: deps.clock, newId: deps.newId, http, log: deps.log };

  const provide = (row: CustomToolRow): ProvidedTool => ({
    name: row.name,
    description: row.description,
    inputSchema: toolInputSchema(row.input_schema),
    source: { kind: "custom", tool_id: row.id },
    ...(row.max_calls_per_turn !== null ? { maxCallsPerTurn: row.max_calls_per_turn } : {}),
    execute: async (input, context) => {
      const current = await deps.repos.customTools.findById(row.id);
      if (current?.status !== "active" || current.project_id !== context.projectId) {
        throw new ToolRefusal(`The tool '${row.name}' is no longer available.`);
      }
      return callCustomTool(callDeps, current, input, context);
    },
  });

  return {
    async tools(projectId) {
      const rows = await deps.repos.customTools.listByProject(projectId);
      return rows.filter((row) => row.status === "active").map(provide);
    },
    knownNames: (projectId) => deps.repos.customTools.namesByProject(projectId),
  };
}
