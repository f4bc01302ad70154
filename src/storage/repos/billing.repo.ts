import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import { dialectOf } from "../dialect.js";
import { preparedQuery } from "../prepared-query.js";
import type { Database } from "../schema.js";
import type {
  BillingAccountsTable,
  BillingInvoicesTable,
  BillingTransactionsTable,
  CreditHoldsTable,
} from "../schema-billing.js";

export type BillingAccountRow = Selectable<BillingAccountsTable>;
export type BillingTransactionRow = Selectable<BillingTransactionsTable>;
export type BillingInvoiceRow = Selectable<BillingInvoicesTable>;
export type CreditHoldRow = Selectable<CreditHoldsTable>;

/** Accounts, transactions and invoices. Amounts are millicredits; rules live in modules/billing. */
const accountOf = preparedQuery<{ projectId: string }, BillingAccountRow>((db, arg) =>
  db.selectFrom("billing_accounts").selectAll().where("project_id", "=", arg("projectId")),
);

const heldOf = preparedQuery<{ projectId: string; now: string }, { held: number | string | null }>(
  (db, arg) =>
    db
      .selectFrom("credit_holds")
      .select((eb) => eb.fn.sum<number>("amount").as("held"))
      .where("project_id", "=", arg("projectId"))
      .where("expires_at", ">", arg("now")),
);

const lockedAccountOf = preparedQuery<{ projectId: string }, BillingAccountRow>((db, arg) =>
  db.selectFrom("billing_accounts").selectAll().where("project_id", "=", arg("projectId")).forUpdate(),
);

export class BillingRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async findAccount(projectId: string): Promise<BillingAccountRow | undefined> {
    return accountOf.first(this.db, { projectId });
  }

  /**
   * The account, locked until the transaction ends (PostgreSQL `FOR UPDATE`; SQLite serialises
   * writing transactions already), so balance changes of concurrent replies never overwrite
   * each other.
   */
  async lockAccount(projectId: string): Promise<BillingAccountRow | undefined> {
    const query = dialectOf(this.db) === "postgres" ? lockedAccountOf : accountOf;
    return query.first(this.db, { projectId });
  }

  /** Inserts the account unless it exists; true when this call created it. */
  async insertAccount(row: BillingAccountRow): Promise<boolean> {
    const result = await this.db
      .insertInto("billing_accounts")
      .values(row)
      .onConflict((oc) => oc.column("project_id").doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async updateAccount(projectId: string, patch: Updateable<BillingAccountsTable>): Promise<void> {
    await this.db.updateTable("billing_accounts").set(patch).where("project_id", "=", projectId).execute();
  }

  async insertTransaction(row: Insertable<BillingTransactionsTable>): Promise<void> {
    await this.db.insertInto("billing_transactions").values(row).execute();
  }

  findTransactionByReference(
    projectId: string,
    type: BillingTransactionRow["type"],
    reference: string,
  ): Promise<BillingTransactionRow | undefined> {
    return this.db
      .selectFrom("billing_transactions")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("type", "=", type)
      .where("reference", "=", reference)
      .executeTakeFirst();
  }

  /** The transactions of a type whose reference is one of `references` (one query). */
  findTransactionsByReferences(
    projectId: string,
    type: BillingTransactionRow["type"],
    references: readonly string[],
  ): Promise<BillingTransactionRow[]> {
    if (references.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom("billing_transactions")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("type", "=", type)
      .where("reference", "in", [...references])
      .execute();
  }

  /** Newest first. */
  listTransactions(projectId: string, limit: number, offset: number): Promise<BillingTransactionRow[]> {
    return this.db
      .selectFrom("billing_transactions")
      .selectAll()
      .where("project_id", "=", projectId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** How many transactions and their sum (and the bonus part of it), millicredits. */
  async transactionTotals(projectId: string): Promise<{ count: number; amount: number; bonus: number }> {
    const row = await this.db
      .selectFrom("billing_transactions")
      .select((eb) => [
        eb.fn.countAll<number>().as("count"),
        eb.fn.sum<number>("amount").as("amount"),
        eb.fn.sum<number>("bonus_amount").as("bonus"),
      ])
      .where("project_id", "=", projectId)
      .executeTakeFirstOrThrow();
    return { count: Number(row.count ?? 0), amount: Number(row.amount ?? 0), bonus: Number(row.bonus ?? 0) };
  }

  async insertInvoice(row: BillingInvoiceRow): Promise<void> {
    await this.db.insertInto("billing_invoices").values(row).execute();
  }

  findInvoice(id: string): Promise<BillingInvoiceRow | undefined> {
    return this.db.selectFrom("billing_invoices").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** The invoice locked until the transaction ends (see lockAccount). */
  lockInvoice(id: string): Promise<BillingInvoiceRow | undefined> {
    const query = this.db.selectFrom("billing_invoices").selectAll().where("id", "=", id);
    return (dialectOf(this.db) === "postgres" ? query.forUpdate() : query).executeTakeFirst();
  }

  async updateInvoice(id: string, patch: Updateable<BillingInvoicesTable>): Promise<void> {
    await this.db.updateTable("billing_invoices").set(patch).where("id", "=", id).execute();
  }

  /** Newest first. */
  listInvoices(projectId: string): Promise<BillingInvoiceRow[]> {
    return this.db
      .selectFrom("billing_invoices")
      .selectAll()
      .where("project_id", "=", projectId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute();
  }

  /** Millicredits held by running turns of the project (holds not lapsed by `now`). */
  async heldAmount(projectId: string, now: string): Promise<number> {
    const row = await heldOf.first(this.db, { projectId, now });
    return Number(row?.held ?? 0);
  }

  async insertHold(row: CreditHoldRow): Promise<void> {
    await this.db.insertInto("credit_holds").values(row).execute();
  }

  async deleteHold(id: string): Promise<void> {
    await this.db.deleteFrom("credit_holds").where("id", "=", id).execute();
  }

  /** Deletes holds lapsed before `now` (their turns' processes died); returns how many. */
  async pruneHolds(now: string): Promise<number> {
    const result = await this.db.deleteFrom("credit_holds").where("expires_at", "<=", now).executeTakeFirst();
    return Number(result.numDeletedRows ?? 0);
  }
}
