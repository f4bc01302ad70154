import type { LightMyRequestResponse } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { newId } from "../../src/infra/ids.js";
import { Ledger, type Posted } from "../../src/modules/billing/ledger.js";
import { createRepos } from "../../src/storage/repos/index.js";
import { DIALECTS, shouldSkip } from "../helpers/dialects.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/** How many identical requests race in each case. */
const RACERS = 8;
/** A closed loopback port: nothing here is ever called. */
const NOWHERE = "http://127.0.0.1:9";

/**
 * Identical creates at once (docs/api.md, "Concurrent creates"): one wins, every other gets the
 * same 409 a sequential duplicate gets — never a 5xx (on PostgreSQL a unique violation would
 * abort the request's transaction) — and exactly one row is stored.
 */
describe.each(DIALECTS)("identical creates racing on %s", (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    if (shouldSkip(dialect)) return;
    t = await createTestApp({ dialect, env: { PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true" } });
  });
  afterEach(async () => {
    await t?.close();
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  /** Fires the same request RACERS times at once. */
  function race(url: string, body: unknown, key?: string): Promise<LightMyRequestResponse[]> {
    return Promise.all(
      Array.from({ length: RACERS }, () => t.call("POST", url, { body, ...(key ? { key } : {}) })),
    );
  }

  /** Exactly one 200; every other answer the 409 with `code`. Returns the winner's body. */
  function expectOneWinner(responses: LightMyRequestResponse[], code: string) {
    const answers = responses.map((r) => `${r.statusCode} ${r.statusCode === 200 ? "" : r.json().code}`);
    expect(
      answers.filter((a) => a.startsWith("5")),
      answers.join(", "),
    ).toEqual([]);
    expect(
      answers.filter((a) => a.startsWith("200")),
      answers.join(", "),
    ).toHaveLength(1);
    expect(
      answers.filter((a) => !a.startsWith("200")),
      answers.join(", "),
    ).toEqual(Array(RACERS - 1).fill(`409 ${code}`));
    return responses.find((r) => r.statusCode === 200)?.json();
  }

  async function count(table: "operators" | "custom_tools" | "mcp_servers" | "chats"): Promise<number> {
    const row = await t.storage.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function members(projectId: string): Promise<string[]> {
    const rows = await t.storage.db
      .selectFrom("project_members")
      .innerJoin("operators", "operators.id", "project_members.operator_id")
      .select("operators.email")
      .where("project_members.project_id", "=", projectId)
      .orderBy("operators.email")
      .execute();
    return rows.map((row) => row.email);
  }

  it_("a new operator account: one is created, the others are 409 operator_exists", async () => {
    const operatorsBefore = await count("operators");
    const responses = await race("/v1/operators", {
      email: "Olga@Example.com",
      name: "Olga",
      password: "operator-password",
      role: "operator",
    });
    const winner = expectOneWinner(responses, "operator_exists");
    expect(winner).toMatchObject({ email: "olga@example.com", role: "operator" });
    expect(await count("operators")).toBe(operatorsBefore + 1);
    expect(await members(t.projectId)).toEqual(["admin@parley.local", "olga@example.com"]);
  });

  it_(
    "an account of the organization added to the project: one membership, the others 409 operator_exists",
    async () => {
      const other = await t.otherProject();
      const created = await t.call("POST", "/v1/operators", {
        key: other.key,
        body: { email: "pat@example.com", name: "Pat", password: "operator-password", role: "admin" },
      });
      expect(created.statusCode, created.body).toBe(200);
      const operatorsBefore = await count("operators");

      const responses = await race("/v1/operators", {
        email: "pat@example.com",
        name: "Pat",
        role: "operator",
      });
      const winner = expectOneWinner(responses, "operator_exists");
      expect(winner).toMatchObject({ id: created.json().id, role: "operator" });
      expect(await count("operators")).toBe(operatorsBefore);
      expect(await members(t.projectId)).toEqual(["admin@parley.local", "pat@example.com"]);
      expect(await members(other.projectId)).toEqual(["pat@example.com"]);
    },
  );

  it_("a custom tool: one is created, the others are 409 custom_tool_name_taken", async () => {
    const responses = await race("/v1/tools/custom", {
      name: "order_status",
      description: "An order's status",
      method: "GET",
      url: `${NOWHERE}/orders`,
    });
    const winner = expectOneWinner(responses, "custom_tool_name_taken");
    expect(winner).toMatchObject({ name: "order_status" });
    expect(await count("custom_tools")).toBe(1);
  });

  it_(
    "an OpenAPI import: every one succeeds with names of its own, as imports one after another do",
    async () => {
      const document = {
        openapi: "3.1.0",
        info: { title: "Shop", version: "1" },
        servers: [{ url: NOWHERE }],
        paths: {
          "/stock": { get: { operationId: "stock_level", summary: "The stock of an item" } },
          "/price": { get: { operationId: "price_of", summary: "The price of an item" } },
        },
      };
      const responses = await race("/v1/tools/custom/import", { document });
      const answers = responses.map((r) => `${r.statusCode} ${r.statusCode === 200 ? "" : r.json().code}`);
      expect(answers, answers.join(", ")).toEqual(Array(RACERS).fill("200 "));
      // A later import of the same document names its tools `_2`, `_3`, …; so does a racer that
      // finds a name taken. Each answer's candidates name what it created.
      const results = responses.map((r) => r.json());
      const names = results.flatMap((result) => result.created.map((tool: { name: string }) => tool.name));
      for (const result of results) {
        expect(result.candidates.map((c: { name: string }) => c.name)).toEqual(
          result.created.map((tool: { name: string }) => tool.name),
        );
      }
      expect(names.sort()).toEqual(
        [
          "price_of",
          "stock_level",
          ...[2, 3, 4, 5, 6, 7, 8].flatMap((n) => [`price_of_${n}`, `stock_level_${n}`]),
        ].sort(),
      );
      expect(await count("custom_tools")).toBe(2 * RACERS);
    },
  );

  it_("an MCP server: one is created, the others are 409 mcp_server_name_taken", async () => {
    const responses = await race("/v1/mcp-servers", {
      name: "shop",
      url: `${NOWHERE}/mcp`,
      status: "disabled",
    });
    const winner = expectOneWinner(responses, "mcp_server_name_taken");
    expect(winner).toMatchObject({ name: "shop" });
    expect(await count("mcp_servers")).toBe(1);
  });

  it_("a chat of an integration: one is created, the others are 409 chat_name_taken", async () => {
    const integration = await t.call("POST", "/v1/integrations", {
      body: { name: "Telegram", vendor: "telegram", auth_data: { token: "123456:race-test-token" } },
    });
    expect(integration.statusCode, integration.body).toBe(200);
    const bot = await t.call("POST", "/v1/bots", { body: { name: "Support" } });
    expect(bot.statusCode, bot.body).toBe(200);
    const responses = await race(`/v1/integrations/${integration.json().id}/chats`, {
      name: "Main",
      bot_id: bot.json().id,
    });
    const winner = expectOneWinner(responses, "chat_name_taken");
    expect(winner).toMatchObject({ name: "Main" });
    expect(await count("chats")).toBe(1);
  });

  it_(
    "ledger entries with one reference (the CLI's refund of an invoice): one is posted, the others are duplicates",
    async () => {
      const repos = createRepos(t.storage.db);
      const ledger = new Ledger({
        clock: { now: () => new Date() },
        newId,
        welcomeBonus: 0,
        lowBalance: 0,
        enforce: false,
      });
      const results: Posted[] = await Promise.all(
        Array.from({ length: RACERS }, () =>
          repos.transaction((trx) =>
            ledger.post(
              trx,
              t.projectId,
              { type: "refund", amount: -1000, description: "Refund", reference: "inv_race" },
              () => {},
            ),
          ),
        ),
      );
      expect(results.filter((r) => !("duplicate" in r))).toHaveLength(1);
      expect(results.filter((r) => "duplicate" in r)).toHaveLength(RACERS - 1);
      const totals = await repos.billing.transactionTotals(t.projectId);
      expect(totals).toMatchObject({ count: 1, amount: -1000 });
      expect((await repos.billing.findAccount(t.projectId))?.credits).toBe(-1000);
    },
  );
});
