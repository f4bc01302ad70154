import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { lastUserText, scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

/**
 * Evaluations and versions together (docs/quality.md, "Runs and publishing"): a run of the
 * draft by default, of exactly its settings; the publish gate answered from the runs: no run,
 * a failing run, a run with another model, then a passing run.
 */
describe.each(DIALECTS)("the publish gate over evaluation runs on %s", (dialect) => {
  let t: TestApp;
  const it_ = it.skipIf(shouldSkip(dialect));
  // Polite only when the instruction asks for it.
  const model = scriptedModel((options) => {
    const system = options.prompt
      .filter((m) => m.role === "system")
      .map((m) => m.content)
      .join("\n");
    return { text: system.includes("polite") ? `Please: ${lastUserText(options)}` : lastUserText(options) };
  });

  beforeAll(async () => {
    if (shouldSkip(dialect)) return;
    t = await createTestApp({ dialect, modelOverride: () => model.model });
  });
  afterAll(async () => {
    await t?.close();
  });

  it_("publishes the draft only after a passing run of exactly its settings with its own model", async () => {
    const bot = (await t.call("POST", "/v1/bots", { body: { name: "Gated" } })).json();
    const base = `/v1/bots/${bot.id}`;
    expect((await t.call("POST", base, { body: { publish_requires_evals: true } })).statusCode).toBe(200);
    await t.call("POST", `${base}/evals/cases`, {
      body: {
        name: "Polite",
        messages: [{ role: "user", content: "where is my order" }],
        expectations: [{ type: "contains", value: "please" }],
      },
    });
    const run = async (body: object) => {
      const created = await t.call("POST", `${base}/evals/runs`, { body });
      expect(created.statusCode, created.body).toBe(200);
      return eventually(
        async () => (await t.call("GET", `${base}/evals/runs/${created.json().id}`)).json(),
        (r) => r.status === "completed" || r.status === "failed",
      );
    };

    const draft = await t.call("POST", `${base}/draft`, { body: { ai: { instruction: "Answer briefly." } } });
    expect(draft.statusCode, draft.body).toBe(200);
    const publish = () => t.call("POST", `${base}/publish`, { body: {} });
    expect((await publish()).json().code).toBe("evals_required");

    // The draft is run by default; it fails its case.
    const failing = await run({});
    expect(failing).toMatchObject({ version: draft.json().version, status: "completed", passed: false });
    expect((await publish()).json().code).toBe("evals_failed");

    // Polite now: a passing run, but with another model, does not count.
    const polite = await t.call("POST", `${base}/draft`, { body: { ai: { instruction: "Be polite." } } });
    const otherModel = await run({ model: "anthropic/claude-sonnet-4-5" });
    expect(otherModel).toMatchObject({ version: polite.json().version, passed: true });
    expect((await publish()).json().code).toBe("evals_required");

    const passing = await run({ version: "draft" });
    expect(passing).toMatchObject({ version: polite.json().version, model: "openai/gpt-5", passed: true });
    const published = await publish();
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().version.version).toBe(polite.json().version);

    // The published version runs too, by number and as `published`, with the same settings hash.
    const again = await run({ version: "published" });
    expect(again).toMatchObject({
      version: polite.json().version,
      settings_version: passing.settings_version,
    });
  });
});
