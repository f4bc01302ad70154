import type { BillingOfferConfig } from "../../config.js";
import type { Transactor } from "../../events/unit-of-work.js";
import type { Clock } from "../../infra/clock.js";
import { ApiError, conflict, notFound } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { BillingInvoiceRow, BillingTransactionRow } from "../../storage/repos/billing.repo.js";
import type { Repos } from "../../storage/repos/index.js";
import { toCredits, toMilli } from "./credit-units.js";
import type { Ledger, Posted } from "./ledger.js";
import { invoiceTerms } from "./offers.js";
import { PaymentError, type PaymentProvider, type PaymentUpdate } from "./providers/payment-provider.js";
import type { BillingOffer, Invoice, Transaction } from "./schemas.js";

export interface BillingServiceDeps {
  repos: Repos;
  transactor: Transactor;
  ledger: Ledger;
  clock: Clock;
  newId: IdGenerator;
  offers: BillingOfferConfig[];
  currency: string;
  provider: PaymentProvider;
  /** `<PARLEY_PUBLIC_URL>/payments/<provider>/notify`. */
  notificationUrl: string;
  /** Whether replies are refused when the balance is exhausted (config.ts, billingModes). */
  creditsEnforced: boolean;
  /** Whether offers can be bought here; when not, creating an invoice is refused. */
  purchasesEnabled: boolean;
  log: { warn(object: unknown, message: string): void };
}

const DAY_MS = 24 * 60 * 60 * 1000;

function toTransaction(row: BillingTransactionRow): Transaction {
  return {
    id: row.id,
    type: row.type,
    amount: toCredits(row.amount),
    description: row.description,
    reference: row.reference,
    details: row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null,
    balance_after: { credits: toCredits(row.credits_after), bonus: toCredits(row.bonus_after) },
    created_at: row.created_at,
  };
}

function toInvoice(row: BillingInvoiceRow): Invoice {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount_minor / 100,
    currency: row.currency,
    credits: toCredits(row.credits),
    offer_id: row.offer_id,
    provider: row.provider,
    payment_url: row.payment_url,
    created_at: row.created_at,
    paid_at: row.paid_at,
  };
}

/**
 * A project's billing (docs/billing.md): its account and transactions, the offers, invoices and
 * what a payment does. Every balance change goes through the Ledger.
 */
export class BillingService {
  constructor(private readonly deps: BillingServiceDeps) {}

  async account(projectId: string) {
    const account = await this.deps.repos.transaction((repos) => this.deps.ledger.account(repos, projectId));
    return {
      tariff: account.tariff,
      credits: toCredits(account.credits),
      bonus: toCredits(account.bonus),
      subscription_until: account.subscription_until,
      credits_enforced: this.deps.creditsEnforced,
      purchases_enabled: this.deps.purchasesEnabled,
    };
  }

  async balance(projectId: string) {
    const { credits, bonus } = await this.account(projectId);
    return { credits, bonus };
  }

  async transactions(projectId: string, limit: number, offset: number) {
    await this.account(projectId);
    const [rows, totals] = await Promise.all([
      this.deps.repos.billing.listTransactions(projectId, limit, offset),
      this.deps.repos.billing.transactionTotals(projectId),
    ]);
    return { data: rows.map(toTransaction), total: totals.count };
  }

  offers(): BillingOffer[] {
    return this.deps.offers.map((offer) => ({
      id: offer.id,
      name: offer.name,
      description: offer.description,
      kind: offer.kind,
      price: offer.price,
      currency: this.deps.currency,
      credits: offer.credits,
      tariff: offer.tariff ?? null,
      period_days: offer.period_days ?? null,
      custom_credits: offer.custom_credits ?? null,
    }));
  }

  async invoices(projectId: string): Promise<Invoice[]> {
    return (await this.deps.repos.billing.listInvoices(projectId)).map(toInvoice);
  }

  /**
   * A `pending` invoice for an offer and where to pay it. The provider is asked after the
   * invoice is stored (its id is the provider's order id); a refusal cancels the invoice.
   */
  async createInvoice(
    projectId: string,
    input: { offer_id: string; credits?: number | undefined },
  ): Promise<{ invoice: Invoice; payment_url: string }> {
    if (!this.deps.purchasesEnabled) {
      throw conflict(
        "purchases_disabled",
        "This server sells no credits: no payment provider is configured. Ask its administrator to grant credits.",
      );
    }
    const offer = this.deps.offers.find((candidate) => candidate.id === input.offer_id);
    if (!offer) throw notFound("offer", input.offer_id);
    const terms = invoiceTerms(offer, input.credits);
    const now = this.deps.clock.now().toISOString();
    const row: BillingInvoiceRow = {
      id: this.deps.newId("inv"),
      project_id: projectId,
      offer_id: offer.id,
      status: "pending",
      amount_minor: terms.amountMinor,
      currency: this.deps.currency,
      credits: terms.credits,
      provider: this.deps.provider.id,
      provider_payment_id: null,
      provider_status: null,
      payment_url: null,
      created_at: now,
      updated_at: now,
      paid_at: null,
    };
    await this.deps.repos.billing.insertInvoice(row);
    try {
      const started = await this.deps.provider.start({
        invoiceId: row.id,
        amountMinor: row.amount_minor,
        description: `${offer.name} (${row.id})`,
        notificationUrl: this.deps.notificationUrl,
      });
      const patch = {
        payment_url: started.paymentUrl,
        provider_payment_id: started.providerPaymentId,
        updated_at: this.deps.clock.now().toISOString(),
      };
      await this.deps.repos.billing.updateInvoice(row.id, patch);
      return { invoice: toInvoice({ ...row, ...patch }), payment_url: started.paymentUrl };
    } catch (error) {
      await this.deps.repos.billing.updateInvoice(row.id, {
        status: "cancelled",
        provider_status: "start_failed",
        updated_at: this.deps.clock.now().toISOString(),
      });
      if (error instanceof PaymentError) {
        throw new ApiError(
          error.retryable ? 502 : 422,
          error.code,
          `The payment could not be started: ${error.message}`,
        );
      }
      throw new ApiError(502, "provider_unavailable", "The payment provider could not be reached.");
    }
  }

  /**
   * What a verified payment notification says, applied once (docs/billing.md, "Payments"):
   * `paid` with the invoice's exact amount credits the project (an invoice is paid at most once,
   * whatever arrives twice or out of order, a cancelled one included, since the money was
   * taken); `cancelled` cancels a pending invoice. Anything else is recorded only.
   */
  async applyPayment(update: PaymentUpdate): Promise<void> {
    const invoice = await this.deps.repos.billing.findInvoice(update.invoiceId);
    if (!invoice) {
      this.deps.log.warn({ invoiceId: update.invoiceId }, "payment notification for an unknown invoice");
      return;
    }
    await this.deps.transactor.run(invoice.project_id, async (unit) => {
      const locked = await unit.repos.billing.lockInvoice(invoice.id);
      if (!locked) return;
      const now = this.deps.clock.now().toISOString();
      const record = { provider_status: update.providerStatus, updated_at: now };
      if (update.outcome === "paid" && locked.status !== "paid") {
        if (update.amountMinor !== null && update.amountMinor !== locked.amount_minor) {
          this.deps.log.warn(
            { invoiceId: locked.id, expected: locked.amount_minor, reported: update.amountMinor },
            "payment amount does not match the invoice; not credited",
          );
          await unit.repos.billing.updateInvoice(locked.id, {
            ...record,
            provider_status: "amount_mismatch",
          });
          return;
        }
        await unit.repos.billing.updateInvoice(locked.id, {
          ...record,
          status: "paid",
          paid_at: now,
          ...(update.providerPaymentId ? { provider_payment_id: update.providerPaymentId } : {}),
        });
        await this.creditPaidInvoice(unit.repos, locked, (event) => unit.record(event));
        return;
      }
      if (update.outcome === "cancelled" && locked.status === "pending") {
        await unit.repos.billing.updateInvoice(locked.id, { ...record, status: "cancelled" });
        return;
      }
      await unit.repos.billing.updateInvoice(locked.id, record);
    });
  }

  /** The manual provider's confirmation (CLI): the invoice is paid in full. */
  async markPaid(invoiceId: string): Promise<Invoice> {
    const invoice = await this.deps.repos.billing.findInvoice(invoiceId);
    if (!invoice) throw notFound("invoice", invoiceId);
    await this.applyPayment({
      invoiceId,
      outcome: "paid",
      amountMinor: invoice.amount_minor,
      providerPaymentId: null,
      providerStatus: "MARKED_PAID",
    });
    const after = await this.deps.repos.billing.findInvoice(invoiceId);
    return toInvoice(after ?? invoice);
  }

  /** An administrator's grant (CLI): `topup` credits, or `bonus` credits. */
  grant(projectId: string, credits: number, options: { bonus: boolean; reason: string }) {
    return this.post(projectId, {
      type: options.bonus ? "bonus" : "topup",
      amount: toMilli(credits),
      description: options.reason,
    });
  }

  /** An administrator's refund of money paid (CLI): credits taken back, never below zero. */
  refund(projectId: string, credits: number, options: { reason: string; invoiceId?: string | undefined }) {
    return this.post(projectId, {
      type: "refund",
      amount: -toMilli(credits),
      description: options.reason,
      ...(options.invoiceId ? { reference: options.invoiceId } : {}),
    });
  }

  private async post(projectId: string, entry: Parameters<Ledger["post"]>[2]): Promise<Transaction> {
    const posted: Posted = await this.deps.transactor.run(projectId, (unit) =>
      this.deps.ledger.post(unit.repos, projectId, entry, (event) => unit.record(event)),
    );
    if ("duplicate" in posted)
      throw new ApiError(409, "duplicate_transaction", "That reference was used already.");
    return toTransaction(posted.transaction);
  }

  /** A paid invoice's credits, and for a subscription its tariff and period. */
  private async creditPaidInvoice(
    repos: Repos,
    invoice: BillingInvoiceRow,
    raise: Parameters<Ledger["post"]>[3],
  ): Promise<void> {
    const offer = this.deps.offers.find((candidate) => candidate.id === invoice.offer_id);
    await this.deps.ledger.post(
      repos,
      invoice.project_id,
      {
        type: "topup",
        amount: invoice.credits,
        description: `${offer?.name ?? invoice.offer_id}: invoice ${invoice.id} paid`,
        reference: invoice.id,
      },
      raise,
    );
    if (offer?.kind === "subscription" && offer.period_days) {
      const account = await this.deps.ledger.account(repos, invoice.project_id);
      const now = this.deps.clock.now().getTime();
      const from = Math.max(now, account.subscription_until ? Date.parse(account.subscription_until) : 0);
      await repos.billing.updateAccount(invoice.project_id, {
        tariff: offer.tariff ?? account.tariff,
        subscription_until: new Date(from + offer.period_days * DAY_MS).toISOString(),
      });
    }
  }
}
