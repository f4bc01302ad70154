import type { z } from "zod";
import type { ToolPresentation } from "../../tools/tool-presentation.js";
import type { VendorContext } from "./vendor-context.js";

/** The conversation an integration tool is called in. */
export interface IntegrationToolCall {
  projectId: string;
  threadId: string;
  chatId: string;
  /** The thread's person, when it has one (a lead's contact details, an issue's reporter). */
  person: { externalId: string | null; name: string | null } | null;
}

/**
 * A tool an integration gives the bots of its project (docs/oauth.md, "Tools"): offered
 * while the integration is `active`, under the approval policy a bot sets in `ai.tools`.
 */
export interface IntegrationTool<AuthData = Record<string, unknown>> {
  /** `<vendor>_<action>`, e.g. `github_create_issue`: the key bots use in `ai.tools`. */
  readonly name: string;
  /** What the model is told the tool does and when to use it. */
  readonly description: string;
  /**
   * Its title and summary for operators and the action a `user_approve` question names, in
   * every language (docs/agent.md, "Tool titles and summaries").
   */
  readonly presentation: ToolPresentation;
  /** The model's input: validated before `execute`, published as JSON Schema by GET /v1/tools. */
  readonly inputSchema: z.ZodType;
  /**
   * Runs one call with the integration's credentials; the (JSON) result is what the model
   * sees. A vendor's refusal (validation, not found, no access) is thrown as a ToolRefusal
   * (tools/tool-refusal.ts) whose message the model reads; a lost connection as
   * ChannelError `credentials_rejected` (the integration then moves to `error`).
   */
  // biome-ignore lint/suspicious/noExplicitAny: the input is what `inputSchema` parsed.
  execute(context: VendorContext<AuthData>, input: any, call: IntegrationToolCall): Promise<unknown>;
}
