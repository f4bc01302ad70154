import type { App } from "../../infra/http-types.js";
import { rawBodyScope } from "../../infra/raw-body.js";
import type { Repos } from "../../storage/repos/index.js";
import type { BillingService } from "./billing-service.js";
import type { PaymentProvider } from "./providers/payment-provider.js";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/**
 * The public payment endpoints (docs/billing.md, "Payments"): the provider's notifications,
 * answered as the provider expects (T-Bank: `OK`), and the manual provider's payment page.
 */
export async function paymentRoutes(
  app: App,
  deps: { billing: BillingService; provider: PaymentProvider; repos: Repos },
): Promise<void> {
  await rawBodyScope(app, (scope) => {
    scope.post("/payments/:provider/notify", { schema: { hide: true } }, async (request, reply) => {
      const { provider } = request.params as { provider: string };
      const parse = deps.provider.parseNotification;
      if (provider !== deps.provider.id || !parse) {
        return reply.code(404).send({ code: "not_found", message: "No such payment provider." });
      }
      const result = parse({
        headers: request.headers,
        rawBody: typeof request.body === "string" ? request.body : "",
      });
      if (result.kind === "accepted" && result.update) await deps.billing.applyPayment(result.update);
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
