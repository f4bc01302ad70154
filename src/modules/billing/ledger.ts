import type { DomainEvent } from "../../events/domain-event.js";
import type { Clock } from "../../infra/clock.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { BillingAccountRow, BillingTransactionRow } from "../../storage/repos/billing.repo.js";
import type { Repos } from "../../storage/repos/index.js";
import type { BillingTransactionType } from "../../storage/schema-billing.js";
import { toCredits } from "./credit-units.js";

export interface LedgerDeps {
  clock: Clock;
  newId: IdGenerator;
  /** Millicredits of bonus a new account starts with. */
  welcomeBonus: number;
  /** Millicredits below which `billing.balance.low` is raised, once per crossing. */
  lowBalance: number;
  /** When false, charges may take credits below zero (usage is recorded, replies never blocked). */
  enforce: boolean;
}

/** One change of a project's balance, in millicredits. */
export interface LedgerEntry {
  type: BillingTransactionType;
  /** Positive adds (topup, bonus), negative takes (charge, refund). */
  amount: number;
  description: string;
  /** One transaction of this type per reference (a reply's message id, an invoice id). */
  reference?: string;
  details?: Record<string, unknown>;
}

export type Posted = { transaction: BillingTransactionRow; account: BillingAccountRow } | { duplicate: true };

/**
 * The only writer of balances (docs/billing.md): every change is one transaction row written
 * with the account update, under the account's lock, so `credits + bonus` always equals the sum
 * of the project's transactions. Charges spend bonus first; a grant of type `bonus` adds to the
 * bonus; everything else moves `credits`. With enforcement on, nothing takes a balance below
 * zero: a charge larger than what is left takes what is left and says so.
 */
export class Ledger {
  constructor(private readonly deps: LedgerDeps) {}

  /** The project's account, created on first use with the welcome bonus (its own `bonus` transaction). */
  async account(repos: Repos, projectId: string): Promise<BillingAccountRow> {
    const existing = await repos.billing.lockAccount(projectId);
    if (existing) return existing;
    const now = this.deps.clock.now().toISOString();
    const bonus = this.deps.welcomeBonus;
    const created = await repos.billing.insertAccount({
      project_id: projectId,
      tariff: "free",
      credits: 0,
      bonus,
      subscription_until: null,
      low_balance_notified: 0,
      last_charge: 0,
      created_at: now,
      updated_at: now,
    });
    if (created && bonus > 0) {
      await repos.billing.insertTransaction({
        id: this.deps.newId("txn"),
        project_id: projectId,
        type: "bonus",
        amount: bonus,
        bonus_amount: bonus,
        credits_after: 0,
        bonus_after: bonus,
        description: "Welcome bonus",
        reference: "welcome",
        details: null,
        created_at: now,
      });
    }
    const account = await repos.billing.lockAccount(projectId);
    if (!account) throw new Error(`billing account of ${projectId} vanished`);
    return account;
  }

  /** Applies one entry in the caller's transaction; `raise` records `billing.balance_low` when it crosses. */
  async post(
    repos: Repos,
    projectId: string,
    entry: LedgerEntry,
    raise: (event: DomainEvent) => void,
  ): Promise<Posted> {
    const account = await this.account(repos, projectId);
    // Checked under the account's lock: a racing entry with the same reference has committed
    // by now, so it is found here rather than failing the insert below on the unique index
    // (docs/api.md, "Concurrent creates").
    if (
      entry.reference &&
      (await repos.billing.findTransactionByReference(projectId, entry.type, entry.reference))
    ) {
      return { duplicate: true };
    }
    let { credits, bonus } = account;
    let fromBonus = 0;
    let fromCredits = 0;
    let shortfall = 0;
    if (entry.amount >= 0) {
      if (entry.type === "bonus") fromBonus = entry.amount;
      else fromCredits = entry.amount;
    } else {
      const wanted = -entry.amount;
      // Charges spend the promotional bonus first; a refund returns paid money, so credits only.
      fromBonus = entry.type === "charge" ? -Math.min(bonus, wanted) : 0;
      const rest = wanted + fromBonus;
      fromCredits = this.deps.enforce ? -Math.min(Math.max(credits, 0), rest) : -rest;
      shortfall = rest + fromCredits;
    }
    bonus += fromBonus;
    credits += fromCredits;
    // Strictly after the account's last change (held under its lock): newest-first listings
    // of a project's transactions are exact even within one millisecond.
    const now = new Date(
      Math.max(this.deps.clock.now().getTime(), Date.parse(account.updated_at) + 1),
    ).toISOString();
    const total = credits + bonus;
    let notified = account.low_balance_notified;
    if (total < this.deps.lowBalance && notified === 0) {
      notified = 1;
      raise({
        type: "billing.balance.low",
        credits: toCredits(total),
        bonus: toCredits(bonus),
        threshold: toCredits(this.deps.lowBalance),
      });
    } else if (total >= this.deps.lowBalance && notified === 1) {
      notified = 0;
    }
    // What a reply costs, for the hold of the next turn (credit-holds.ts).
    const lastCharge = entry.type === "charge" ? -entry.amount : account.last_charge;
    await repos.billing.updateAccount(projectId, {
      credits,
      bonus,
      low_balance_notified: notified,
      last_charge: lastCharge,
      updated_at: now,
    });
    const transaction: BillingTransactionRow = {
      id: this.deps.newId("txn"),
      project_id: projectId,
      type: entry.type,
      amount: fromBonus + fromCredits,
      bonus_amount: fromBonus,
      credits_after: credits,
      bonus_after: bonus,
      description:
        shortfall > 0
          ? `${entry.description} (${toCredits(shortfall)} credits could not be collected: the balance ran out)`
          : entry.description,
      reference: entry.reference ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
      created_at: now,
    };
    await repos.billing.insertTransaction(transaction);
    return {
      transaction,
      account: {
        ...account,
        credits,
        bonus,
        low_balance_notified: notified,
        last_charge: lastCharge,
        updated_at: now,
      },
    };
  }
}
