import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DomainEvent } from "../../../src/events/domain-event.js";
import { newId } from "../../../src/infra/ids.js";
import { Ledger, type LedgerEntry } from "../../../src/modules/billing/ledger.js";
import type { Storage } from "../../../src/storage/database.js";
import { migrateToLatest } from "../../../src/storage/migrator.js";
import { createRepos, type Repos } from "../../../src/storage/repos/index.js";
import { DIALECTS, openTestStorage, shouldSkip } from "../../helpers/dialects.js";
import { seededRandom } from "../../helpers/seeded-random.js";

const PROJECT = "prj_ledger_test";

for (const dialect of DIALECTS) {
  describe.skipIf(shouldSkip(dialect))(`the billing ledger on ${dialect}`, () => {
    let storage: Storage;
    let repos: Repos;

    beforeEach(async () => {
      storage = await openTestStorage(dialect);
      await migrateToLatest(storage);
      repos = createRepos(storage.db);
      const now = new Date().toISOString();
      await repos.organizations.insert({ id: "org_ledger", name: "Org", created_at: now });
      await repos.projects.insert({
        id: PROJECT,
        organization_id: "org_ledger",
        name: "P",
        avatar_url: null,
        created_at: now,
      });
    });
    afterEach(async () => {
      await storage.close();
    });

    const ledger = (options: Partial<ConstructorParameters<typeof Ledger>[0]> = {}) =>
      new Ledger({
        clock: { now: () => new Date() },
        newId,
        welcomeBonus: 100_000,
        lowBalance: 50_000,
        enforce: true,
        ...options,
      });

    async function post(target: Ledger, entry: LedgerEntry) {
      const raised: DomainEvent[] = [];
      const posted = await repos.transaction((trx) =>
        target.post(trx, PROJECT, entry, (event) => raised.push(event)),
      );
      return { posted, raised };
    }

    async function balances() {
      const account = await repos.billing.findAccount(PROJECT);
      const totals = await repos.billing.transactionTotals(PROJECT);
      return { credits: account?.credits, bonus: account?.bonus, totals };
    }

    it("opens an account with the welcome bonus as its first transaction", async () => {
      const account = await repos.transaction((trx) => ledger().account(trx, PROJECT));
      expect(account).toMatchObject({ tariff: "free", credits: 0, bonus: 100_000 });
      const [welcome] = await repos.billing.listTransactions(PROJECT, 10, 0);
      expect(welcome).toMatchObject({
        type: "bonus",
        amount: 100_000,
        bonus_amount: 100_000,
        description: "Welcome bonus",
      });
      // Opening it again changes nothing.
      await repos.transaction((trx) => ledger().account(trx, PROJECT));
      expect((await balances()).totals).toEqual({ count: 1, amount: 100_000, bonus: 100_000 });
    });

    it("spends bonus before credits, and never goes below zero while enforcing", async () => {
      const l = ledger();
      await post(l, { type: "topup", amount: 30_000, description: "paid" });
      const first = await post(l, { type: "charge", amount: -120_000, description: "big reply" });
      expect("transaction" in first.posted && first.posted.transaction).toMatchObject({
        amount: -120_000,
        bonus_amount: -100_000,
        credits_after: 10_000,
        bonus_after: 0,
      });
      const second = await post(l, { type: "charge", amount: -25_000, description: "another" });
      expect("transaction" in second.posted && second.posted.transaction).toMatchObject({
        amount: -10_000,
        credits_after: 0,
        bonus_after: 0,
      });
      expect("transaction" in second.posted && second.posted.transaction.description).toMatch(
        /15 credits could not be collected/,
      );
      expect(await balances()).toMatchObject({ credits: 0, bonus: 0, totals: { amount: 0 } });
    });

    it("without enforcement records the whole cost, taking credits below zero", async () => {
      const l = ledger({ enforce: false, welcomeBonus: 0 });
      await post(l, { type: "charge", amount: -7_000, description: "reply" });
      expect(await balances()).toMatchObject({ credits: -7_000, bonus: 0, totals: { amount: -7_000 } });
    });

    it("takes one transaction per reference", async () => {
      const l = ledger();
      await post(l, { type: "charge", amount: -70, description: "reply", reference: "msg_1" });
      const again = await post(l, { type: "charge", amount: -70, description: "reply", reference: "msg_1" });
      expect(again.posted).toEqual({ duplicate: true });
      expect((await balances()).totals.count).toBe(2);
    });

    it("raises balance_low once per crossing, and again only after a top-up lifted it", async () => {
      const l = ledger();
      const lows: DomainEvent[] = [];
      for (const amount of [-40_000, -20_000, -10_000])
        lows.push(...(await post(l, { type: "charge", amount, description: "c" })).raised);
      expect(lows).toEqual([{ type: "billing.balance.low", credits: 40, bonus: 40, threshold: 50 }]);
      expect((await post(l, { type: "topup", amount: 100_000, description: "t" })).raised).toEqual([]);
      expect((await post(l, { type: "charge", amount: -5_000, description: "c" })).raised).toEqual([]);
      expect((await post(l, { type: "charge", amount: -100_000, description: "c" })).raised).toHaveLength(1);
    });

    it("keeps credits + bonus equal to the sum of transactions for any sequence", async () => {
      const random = seededRandom(7);
      const l = ledger({ welcomeBonus: 5_000 });
      const types = ["charge", "topup", "bonus", "refund"] as const;
      for (let i = 0; i < 150; i += 1) {
        const type = types[Math.floor(random() * types.length)] ?? "charge";
        const size = 1 + Math.floor(random() * 20_000);
        await post(l, {
          type,
          amount: type === "charge" || type === "refund" ? -size : size,
          description: type,
        });
        const { credits, bonus, totals } = await balances();
        expect((credits ?? 0) + (bonus ?? 0)).toBe(totals.amount);
        expect(bonus).toBe(totals.bonus);
        expect(credits).toBeGreaterThanOrEqual(0);
        expect(bonus).toBeGreaterThanOrEqual(0);
      }
    });

    it("loses no update when replies of one project are charged concurrently", async () => {
      const l = ledger({ welcomeBonus: 1_000_000 });
      await repos.transaction((trx) => l.account(trx, PROJECT));
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          post(l, { type: "charge", amount: -(100 + i), description: `reply ${i}`, reference: `msg_${i}` }),
        ),
      );
      const expected = 1_000_000 - Array.from({ length: 40 }, (_, i) => 100 + i).reduce((a, b) => a + b, 0);
      const { credits, bonus, totals } = await balances();
      expect((credits ?? 0) + (bonus ?? 0)).toBe(expected);
      expect(totals).toMatchObject({ count: 41, amount: expected });
    });
  });
}
