import { randomBytes } from "node:crypto";
import { asSchema } from "ai";
import type { Clock } from "../../../src/infra/clock.js";
import { newId } from "../../../src/infra/ids.js";
import { createSecretBox, type SecretBox } from "../../../src/infra/secret-box.js";
import { composeMcp, type Mcp } from "../../../src/modules/mcp/compose.js";
import { createRepos } from "../../../src/storage/repos/index.js";
import type { ToolContext } from "../../../src/tools/tool-context.js";
import type { ProvidedTool } from "../../../src/tools/tool-provider.js";
import type { TestApp } from "../../helpers/test-app.js";

export interface LogLine {
  level: "info" | "warn";
  details: Record<string, unknown>;
  message: string;
}

/** A log that keeps what it is given, to assert on (and to look for secrets in). */
export function recordingLog() {
  const lines: LogLine[] = [];
  return {
    lines,
    info: (details: object, message: string) =>
      lines.push({ level: "info", details: details as Record<string, unknown>, message }),
    warn: (details: object, message: string) =>
      lines.push({ level: "warn", details: details as Record<string, unknown>, message }),
  };
}

/** The server's SecretBox for a test app, shared with the MCP stack a test builds beside it. */
export function testSecrets(): SecretBox {
  return createSecretBox(randomBytes(32));
}

/** An MCP stack over the test app's database (the provider as the engine would be given it). */
export function mcpBeside(
  t: TestApp,
  secrets: SecretBox,
  options: { clock?: Clock; allowPrivate?: boolean; toolsTtlMs?: number } = {},
) {
  const log = recordingLog();
  const mcp: Mcp = composeMcp({
    repos: createRepos(t.storage.db),
    secrets,
    clock: options.clock ?? { now: () => new Date() },
    newId,
    allowPrivate: options.allowPrivate ?? true,
    log,
    ...(options.toolsTtlMs !== undefined ? { toolsTtlMs: options.toolsTtlMs } : {}),
  });
  return { mcp, log };
}

/** A ToolContext for calling a provided tool outside a turn. */
export function toolContext(projectId: string, threadId = "thr_test"): ToolContext {
  return {
    projectId,
    threadId,
    chatId: "chat_test",
    clock: { now: () => new Date() },
    setMode: async () => undefined,
    scheduleMessage: async () => ({ id: "job_x", scheduledAt: new Date().toISOString() }),
    writeWorkingMemory: async () => undefined,
    readWorkingMemory: async () => null,
    searchKnowledge: async () => [],
  };
}

/** Runs a provided tool the way the engine does: the arguments are validated first. */
export async function runTool(tool: ProvidedTool, input: unknown, context: ToolContext): Promise<unknown> {
  const checked = await asSchema(tool.inputSchema).validate!(input);
  if (!checked.success) throw checked.error;
  return tool.execute(checked.value, context);
}
