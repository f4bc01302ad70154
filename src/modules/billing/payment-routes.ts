import type { App } from "../../infra/http-types.js";
import { rawBodyScope } from "../../infra/raw-body.js";
import type { Repos } from "../../storage/repos/index.js";
import type { BillingService } from "./billing-service.js";
import type { NotificationReply, PaymentProvider } from "./providers/payment-provider.js";

/**
 * T-Bank terminals other than billing's: the ones projects connect as `tbank` integrations
 * (docs/payments.md). They post to the same `/payments/tbank/notify`.
 */
export interface OtherTbankTerminals {
  /** Verifies and applies one notification; the answer is what T-Bank gets. */
  handle(rawBody: string): Promise<NotificationReply>;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/**
 * The public payment endpoints (docs/billing.md, "Payments"): the provider's notifications,
 * answered as the provider expects (T-Bank: `OK`), and the manual provider's payment page.
 * `/payments/tbank/notify` also takes the notifications of projects' own T-Bank terminals
 * (docs/payments.md): a notification billing's own terminal does not accept goes to them.
 */
export async function paymentRoutes(
  app: App,
  deps: {
    billing: BillingService;
    provider: PaymentProvider;
    repos: Repos;
    /** Every other T-Bank terminal's notifications (docs/payments.md). */
    otherTbankTerminals?: OtherTbankTerminals;
  },
): Promise<void> {
  await rawBodyScope(app, (scope) => {
    scope.post("/payments/:provider/notify", { schema: { hide: true } }, async (request, reply) => {
      const { provider } = request.params as { provider: string };
      const rawBody = typeof request.body === "string" ? request.body : "";
      const parse = provider === deps.provider.id ? deps.provider.parseNotification : undefined;
      const result = parse?.({ headers: request.headers, rawBody });
      if (result?.kind === "accepted") {
        if (result.update) await deps.billing.applyPayment(result.update);
        return reply.code(result.reply.status).type(result.reply.contentType).send(result.reply.body);
      }
      // Not billing's (another terminal, or billing is not on T-Bank): a project's terminal's, if any.
      const others = deps.otherTbankTerminals;
      if (provider === "tbank" && others) {
        const answer = await others.handle(rawBody);
        return reply.code(answer.status).type(answer.contentType).send(answer.body);
      }
      if (!result) return reply.code(404).send({ code: "not_found", message: "No such payment provider." });
      return reply.code(result.reply.status).type(result.reply.contentType).send(result.reply.body);
    });
  });

  app.get("/payments/manual/:invoice_id", { schema: { hide: true } }, async (request, reply) => {
    const { invoice_id: invoiceId } = request.params as { invoice_id: string };
    const invoice =
      deps.provider.id === "manual" ? await deps.repos.billing.findInvoice(invoiceId) : undefined;
    if (!invoice) return reply.code(404).type("text/plain").send("No such invoice.");
    const amount = `${(invoice.amount_minor / 100).toFixed(2)} ${invoice.currency}`;
    const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Invoice ${escapeHtml(invoice.id)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;line-height:1.5">
<h1>Invoice ${escapeHtml(invoice.id)}</h1>
<p>Amount: <strong>${escapeHtml(amount)}</strong> for ${invoice.credits / 1000} credits. Status: <strong>${escapeHtml(invoice.status)}</strong>.</p>
<p>This Parley server takes payments manually. Pay as agreed with its operator, who then confirms the invoice:</p>
<pre>npm run parley -- billing mark-paid --invoice ${escapeHtml(invoice.id)}</pre>
</body></html>`;
    return reply.code(200).type("text/html; charset=utf-8").send(body);
  });
}
