import type { VendorContext } from "../../src/vendors/contract/vendor-context.js";
import type { IntegrationTool, IntegrationToolCall } from "../../src/vendors/contract/vendor-tool.js";

/**
 * What the connectors give an OAuth integration's tool, for tests against a fake: `oauth()`
 * answers the fake's token and base URL; `oauthCalls` counts how often a token was asked for.
 */
export function oauthToolContext(options: {
  token: string;
  apiBase: string;
  settings?: Record<string, unknown>;
  apiBaseUrl?: string;
}): VendorContext<Record<string, unknown>> & { oauthCalls: number } {
  const context = {
    integration: { id: "int_tools", name: "Tools test" },
    authData: {},
    state: {},
    saveState: () => {},
    settings: options.settings ?? {},
    apiBaseUrl: options.apiBaseUrl ?? "",
    hookUrl: "http://127.0.0.1:9/hooks/test/int_tools",
    fetch: globalThis.fetch,
    oauthCalls: 0,
    oauth: async () => {
      context.oauthCalls++;
      return { accessToken: options.token, apiBase: options.apiBase, account: {} };
    },
  };
  return context;
}

export const toolCall: IntegrationToolCall = {
  projectId: "prj_test",
  threadId: "t-tools",
  chatId: "chat_test",
  person: { externalId: "u1", name: "Anna" },
};

/** Runs a tool as the engine does: the input is parsed by its schema first (throws on a bad one). */
export async function runTool(
  tool: IntegrationTool,
  context: VendorContext<Record<string, unknown>>,
  input: unknown,
): Promise<Record<string, unknown>> {
  const parsed = tool.inputSchema.parse(input);
  return (await tool.execute(context, parsed, toolCall)) as Record<string, unknown>;
}

/** The error a call fails with (fails the test when it succeeds). */
export async function failureOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected the call to fail");
}
