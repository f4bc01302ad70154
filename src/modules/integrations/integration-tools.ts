import type { Repos } from "../../storage/repos/index.js";
import type { IntegrationRow } from "../../storage/repos/integrations.repo.js";
import type { ProvidedTool, ToolProvider } from "../../tools/tool-provider.js";
import { ToolRefusal } from "../../tools/tool-refusal.js";
import { ChannelError } from "../../vendors/contract/channel-error.js";
import type { IntegrationTool, IntegrationToolCall } from "../../vendors/contract/vendor-tool.js";
import { vendorOf } from "../../vendors/registry.js";
import type { Connectors } from "./connectors.js";

export interface IntegrationToolsDeps {
  repos: Repos;
  connectors: Connectors;
  /** The vendor refused the credentials: the integration goes to `error` (ConnectionService.authLost). */
  authLost(row: IntegrationRow, reason: string): Promise<void>;
}

/** Newest first: with two integrations of a vendor, the newer one's tools are offered. */
const newestFirst = (a: IntegrationRow, b: IntegrationRow) =>
  b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

/**
 * The tools integrations give their project's bots (docs/oauth.md, "Tools"): each `active`
 * integration's adapter tools, named `<vendor>_<action>`. When a project has several active
 * integrations of one vendor, the newest one's tools are offered. A call runs with the
 * integration's credentials (as they are at that moment); a vendor refusal reaches the model
 * as the tool's error, and refused credentials also move the integration to `error`.
 */
export class IntegrationTools implements ToolProvider {
  constructor(private readonly deps: IntegrationToolsDeps) {}

  async tools(projectId: string): Promise<ProvidedTool[]> {
    const rows = (await this.deps.repos.integrations.listByProject(projectId))
      .filter((row) => row.status === "active" && vendorOf(row.vendor).tools?.length)
      .sort(newestFirst);
    const seen = new Set<string>();
    const provided: ProvidedTool[] = [];
    for (const row of rows) {
      for (const definition of vendorOf(row.vendor).tools ?? []) {
        if (seen.has(definition.name)) continue;
        seen.add(definition.name);
        provided.push(this.provide(row, definition));
      }
    }
    return provided;
  }

  /** Every tool of the vendors the project has integrations of, whatever their status. */
  async knownNames(projectId: string): Promise<string[]> {
    const vendors = new Set(
      (await this.deps.repos.integrations.listByProject(projectId)).map((r) => r.vendor),
    );
    return [...vendors].flatMap((vendor) => (vendorOf(vendor).tools ?? []).map((t) => t.name));
  }

  private provide(row: IntegrationRow, definition: IntegrationTool): ProvidedTool {
    return {
      name: definition.name,
      description: definition.description,
      presentation: definition.presentation,
      inputSchema: definition.inputSchema,
      source: { kind: "integration", integration_id: row.id, vendor: row.vendor },
      execute: async (input, context) => {
        const current = await this.deps.repos.integrations.findById(row.id);
        if (current?.status !== "active") {
          throw new ToolRefusal(`The ${row.vendor} integration is not connected any more.`);
        }
        const person = context.readPerson ? await context.readPerson() : null;
        const call: IntegrationToolCall = {
          projectId: context.projectId,
          threadId: context.threadId,
          chatId: context.chatId,
          person,
        };
        try {
          return await this.deps.connectors.use(current, ({ context: channel }) =>
            definition.execute(channel, input, call),
          );
        } catch (error) {
          if (!(error instanceof ChannelError)) throw error;
          if (error.kind === "credentials_rejected") {
            await this.deps.authLost(current, error.message);
            throw new ToolRefusal(
              `The ${row.vendor} connection was refused by ${row.vendor}; an administrator must connect it again.`,
            );
          }
          throw new ToolRefusal(
            error.kind === "rate_limited"
              ? `${row.vendor} asks to slow down; try again later.`
              : `${row.vendor} failed: ${error.message}`,
          );
        }
      },
    };
  }
}
