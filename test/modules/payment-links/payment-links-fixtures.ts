import { randomBytes } from "node:crypto";
import { newId } from "../../../src/infra/ids.js";
import { createSecretBox, type SecretBox } from "../../../src/infra/secret-box.js";
import { Connectors } from "../../../src/modules/integrations/connectors.js";
import { conversationPaymentTools } from "../../../src/modules/payment-links/payment-link-tool.js";
import { createRepos, type Repos } from "../../../src/storage/repos/index.js";
import type { ToolContext } from "../../../src/tools/tool-context.js";
import type { ProvidedTool, ToolProvider } from "../../../src/tools/tool-provider.js";
import { ToolRefusal } from "../../../src/tools/tool-refusal.js";
import type { TestApp } from "../../helpers/test-app.js";
import { testConfig } from "../../helpers/test-config.js";
import type { TbankFake } from "../billing/fakes/tbank-fake.js";

/** One key for the app and the test: the test's provider opens the auth_data the API sealed. */
export function sharedSecrets(): SecretBox {
  return createSecretBox(randomBytes(32));
}

/** A `tbank` integration of the project of `key` for the fake's terminal. */
export async function connectTerminal(t: TestApp, bank: TbankFake, key = t.adminKey, name = "Shop terminal") {
  const created = await t.call("POST", "/v1/integrations", {
    key,
    body: { name, vendor: "tbank", auth_data: { terminal_key: bank.terminalKey, password: bank.password } },
  });
  if (created.statusCode !== 200) throw new Error(`tbank integration: ${created.body}`);
  return created.json() as { id: string; status: string };
}

/**
 * The payment tools as the engine would build them (docs/payments.md), over the app's database
 * and key, with T-Bank at `bank` and notifications to `publicUrl`.
 */
export function paymentTools(t: TestApp, secrets: SecretBox, bank: TbankFake, publicUrl: string) {
  const repos: Repos = createRepos(t.storage.db);
  const config = testConfig({ PARLEY_PUBLIC_URL: publicUrl, PARLEY_TBANK_API_URL: bank.baseUrl });
  const connectors = new Connectors({ config, secrets, repos });
  const provider: ToolProvider = conversationPaymentTools({
    repos,
    connectors,
    publicUrl,
    clock: { now: () => new Date() },
    newId,
  });
  return { repos, provider };
}

/** What a turn in `threadId` would give a tool; the payment tool uses only the ids. */
export function toolContext(projectId: string, chatId: string, threadId: string): ToolContext {
  const unused = () => {
    throw new Error("not used by the payment tool");
  };
  return {
    projectId,
    threadId,
    chatId,
    clock: { now: () => new Date() },
    setMode: unused,
    scheduleMessage: unused,
    writeWorkingMemory: unused,
    readWorkingMemory: unused,
    searchKnowledge: unused,
  };
}

/** The one payment tool the provider offers the project (fails the test when there is none). */
export async function paymentLinkTool(provider: ToolProvider, projectId: string): Promise<ProvidedTool> {
  const tools = await provider.tools(projectId);
  const tool = tools.find((candidate) => candidate.name === "tbank_create_payment_link");
  if (!tool) throw new Error(`no payment tool in project ${projectId}`);
  return tool;
}

/** The fake's PaymentId of an order. */
export function paymentIdOf(bank: TbankFake, orderId: string): string {
  const found = [...bank.payments].find(([, payment]) => payment.orderId === orderId);
  if (!found) throw new Error(`the fake has no payment for ${orderId}`);
  return found[0];
}

/** The ToolRefusal a call ends with; anything else fails the test. */
export async function refusalOf(call: Promise<unknown>): Promise<ToolRefusal> {
  const outcome = await call.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof ToolRefusal)) throw new Error(`expected a ToolRefusal, got ${String(outcome)}`);
  return outcome;
}

/** The integration a provided tool runs with. */
export function integrationIdOf(tool: ProvidedTool): string {
  if (tool.source.kind !== "integration" && tool.source.kind !== "payments")
    throw new Error(`${tool.name} is not an integration's tool`);
  return tool.source.integration_id;
}
