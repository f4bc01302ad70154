import { z } from "zod";
import type { Clock } from "../../infra/clock.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { Repos } from "../../storage/repos/index.js";
import type { IntegrationRow } from "../../storage/repos/integrations.repo.js";
import type { PaymentOrderRow } from "../../storage/repos/payments.repo.js";
import type { ToolContext } from "../../tools/tool-context.js";
import { numberArg, quote, type ToolPresentation, textArg } from "../../tools/tool-presentation.js";
import type { ProvidedTool, ToolProvider } from "../../tools/tool-provider.js";
import { ToolRefusal } from "../../tools/tool-refusal.js";
import { TBANK_DESCRIPTION_MAX, TbankError } from "../../vendors/tbank/client.js";
import type { Connectors } from "../integrations/index.js";
import { formatRoubles } from "./confirmation-text.js";
import { clientOf, terminalKeyHash } from "./integration-terminal.js";

export const PAYMENT_LINK_TOOL = "tbank_create_payment_link";

const inputSchema = z.object({
  amount_rub: z
    .number()
    .positive()
    .multipleOf(0.01)
    .describe("The amount to pay, in roubles; kopecks as at most two decimals (e.g. 1490.5)."),
  description: z
    .string()
    .trim()
    .min(1)
    .max(TBANK_DESCRIPTION_MAX)
    .describe("What the payment is for, as the payer will see it on the payment page."),
});

export interface PaymentToolsDeps {
  repos: Repos;
  /** Opens the integration's sealed auth_data, with PARLEY_TBANK_API_URL and `fetch`. */
  connectors: Connectors;
  /** PARLEY_PUBLIC_URL: T-Bank notifies `<publicUrl>/payments/tbank/notify`. */
  publicUrl: string;
  clock: Clock;
  newId: IdGenerator;
}

/** Newest first: with several `tbank` integrations in a project, the newest one takes payments. */
const newestFirst = (a: IntegrationRow, b: IntegrationRow) =>
  b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

/** The message the model reads when T-Bank did not create the payment. */
function refusalOf(error: TbankError): string {
  return error.retryable ? `${error.message}. Try again later.` : error.message;
}

/**
 * The payment tools of a project (docs/payments.md): `tbank_create_payment_link` while the
 * project has an `active` `tbank` integration. With several, the newest one (by creation) is
 * used, as for other vendors' tools. A call stores the order (`pay_…`, T-Bank's `OrderId`),
 * calls Init with the amount in kopecks, the signed Token and `NotificationURL`
 * `<PARLEY_PUBLIC_URL>/payments/tbank/notify`, and returns `{payment_url, order_id, amount}`.
 * T-Bank's refusal (`Success: false`) reaches the model as a ToolRefusal with its Message and
 * Details. The engine offers these tools under the approval policies of `ai.tools`.
 */
export function conversationPaymentTools(deps: PaymentToolsDeps): ToolProvider {
  const tbankIntegrations = async (projectId: string) =>
    (await deps.repos.integrations.listByProject(projectId)).filter((row) => row.vendor === "tbank");

  return {
    async tools(projectId) {
      const active = (await tbankIntegrations(projectId)).filter((row) => row.status === "active");
      const newest = active.sort(newestFirst)[0];
      return newest ? [paymentLinkTool(deps, newest)] : [];
    },
    async knownNames(projectId) {
      return (await tbankIntegrations(projectId)).length > 0 ? [PAYMENT_LINK_TOOL] : [];
    },
  };
}

/** How people see the tool: "May I send you a payment link for 1,490.50 ₽: “Pizza”?". */
export const PAYMENT_LINK_PRESENTATION: ToolPresentation = {
  title: { en: "T-Bank payment link", ru: "Ссылка на оплату T-Bank" },
  summary: {
    en: "Sends the customer a T-Bank link to pay an amount in roubles; the payment is confirmed in the conversation.",
    ru: "Отправляет клиенту ссылку T-Bank на оплату суммы в рублях; об оплате сообщается в разговоре.",
  },
  ask: (args, language) => {
    const amount = numberArg(args, "amount_rub");
    const what = textArg(args, "description");
    const sum = amount !== undefined ? ` ${formatRoubles(Math.round(amount * 100), language)} ₽` : "";
    const forWhat = what ? `: ${quote(what, language, 100)}` : "";
    return language === "ru"
      ? `отправить вам ссылку на оплату${sum ? ` на${sum}` : ""}${forWhat}`
      : `send you a payment link${sum ? ` for${sum}` : ""}${forWhat}`;
  },
};

function paymentLinkTool(deps: PaymentToolsDeps, integration: IntegrationRow): ProvidedTool {
  return {
    name: PAYMENT_LINK_TOOL,
    description:
      "Creates a T-Bank payment link for the person in this conversation: an amount in roubles and " +
      "a short description. Send them the returned payment_url; when they have paid, a confirmation " +
      "is posted in this conversation.",
    presentation: PAYMENT_LINK_PRESENTATION,
    inputSchema,
    source: { kind: "payments", integration_id: integration.id, vendor: "tbank" },
    execute: async (input, context) =>
      createPaymentLink(deps, integration.id, inputSchema.parse(input), context),
  };
}

async function createPaymentLink(
  deps: PaymentToolsDeps,
  integrationId: string,
  input: z.infer<typeof inputSchema>,
  context: ToolContext,
): Promise<{ payment_url: string; order_id: string; amount: number }> {
  const row = await deps.repos.integrations.findById(integrationId);
  if (row?.status !== "active" || row.project_id !== context.projectId) {
    throw new ToolRefusal("The T-Bank integration is not connected any more; no payment link was made.");
  }
  const client = clientOf(deps.connectors, row);
  const amountMinor = Math.round(input.amount_rub * 100);
  const now = deps.clock.now().toISOString();
  const order: PaymentOrderRow = {
    id: deps.newId("pay"),
    project_id: row.project_id,
    integration_id: row.id,
    thread_id: context.threadId,
    chat_id: context.chatId,
    terminal_key_sha256: terminalKeyHash(client.terminal.terminalKey),
    amount_minor: amountMinor,
    currency: "RUB",
    description: input.description,
    status: "new",
    payment_id: null,
    payment_url: null,
    provider_status: null,
    error: null,
    created_at: now,
    updated_at: now,
    paid_at: null,
  };
  // Stored before Init, so a notification that overtakes Init's answer finds its order.
  await deps.repos.payments.insertOrder(order);
  try {
    const started = await client.init({
      orderId: order.id,
      amount: amountMinor,
      description: input.description,
      notificationUrl: `${deps.publicUrl}/payments/tbank/notify`,
    });
    await deps.repos.payments.recordIssued(order.id, {
      paymentId: started.paymentId,
      paymentUrl: started.paymentUrl,
      now: deps.clock.now().toISOString(),
    });
    return { payment_url: started.paymentUrl, order_id: order.id, amount: amountMinor / 100 };
  } catch (error) {
    if (!(error instanceof TbankError)) throw error;
    await deps.repos.payments.recordFailed(order.id, error.message, deps.clock.now().toISOString());
    throw new ToolRefusal(refusalOf(error));
  }
}
