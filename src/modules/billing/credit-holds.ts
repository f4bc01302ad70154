import type { Clock } from "../../infra/clock.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { Repos } from "../../storage/repos/index.js";
import type { ModelCatalog } from "../models/index.js";
import type { Ledger } from "./ledger.js";
import { replyCost } from "./pricing.js";

/**
 * Credit held by running turns (docs/billing.md, "When credits run out"). Replies are charged
 * after the model has answered, from their real usage; without holds, every turn started while
 * a little credit was left would be answered and charged past zero. So:
 *
 * - before its model is called, a turn holds what the project's last reply cost (at least its
 *   prompt's input), under the account's lock, and only while the balance less every running
 *   turn's hold is above zero: otherwise it fails `insufficient_credits` without calling the model;
 * - in the reply's transaction, under the same lock, the hold ends and the reply is kept only if
 *   the balance is still above zero: at most one reply per project goes beyond the balance (the
 *   one that takes its last credits).
 *
 * A hold ends with its reply, or when its turn ends without one; should its process die, it
 * lapses at `expires_at` (and housekeeping deletes it).
 */
export class CreditHolds {
  constructor(
    private readonly deps: {
      repos: Repos;
      ledger: Ledger;
      catalog: ModelCatalog;
      creditsPerUsd: number;
      clock: Clock;
      newId: IdGenerator;
    },
  ) {}

  hold(projectId: string, modelId: string, inputTokens: number, ttlMs: number): Promise<string | null> {
    const entry = this.deps.catalog.get(modelId);
    const prompt = entry ? replyCost({ inputTokens, outputTokens: 0 }, entry, this.deps.creditsPerUsd) : 0;
    return this.deps.repos.transaction(async (repos) => {
      const account = await this.deps.ledger.account(repos, projectId);
      const now = this.deps.clock.now();
      const held = await repos.billing.heldAmount(projectId, now.toISOString());
      if (account.credits + account.bonus - held <= 0) return null;
      const id = this.deps.newId("hold");
      await repos.billing.insertHold({
        id,
        project_id: projectId,
        amount: Math.max(account.last_charge, prompt),
        expires_at: new Date(now.getTime() + ttlMs).toISOString(),
        created_at: now.toISOString(),
      });
      return id;
    });
  }

  async settle(repos: Repos, projectId: string, holdId: string): Promise<boolean> {
    await repos.billing.deleteHold(holdId);
    const account = await this.deps.ledger.account(repos, projectId);
    return account.credits + account.bonus > 0;
  }

  async release(_projectId: string, holdId: string): Promise<void> {
    await this.deps.repos.billing.deleteHold(holdId);
  }
}
