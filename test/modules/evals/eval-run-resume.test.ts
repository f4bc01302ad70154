import type { LanguageModel } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { Transactor } from "../../../src/events/unit-of-work.js";
import { systemClock } from "../../../src/infra/clock.js";
import { newId } from "../../../src/infra/ids.js";
import { JobQueue } from "../../../src/job-queue/job-queue.js";
import { RetryLater } from "../../../src/job-queue/retry-later.js";
import { settingsVersion } from "../../../src/modules/bots/index.js";
import { ModelRegistry, ProjectTools } from "../../../src/modules/engine/index.js";
import { type ResolveVersion, RunsService } from "../../../src/modules/evals/index.js";
import { ModelCatalog } from "../../../src/modules/models/index.js";
import { createRepos, type Repos } from "../../../src/storage/repos/index.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { lastUserText, scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { testConfig } from "../../helpers/test-config.js";

/**
 * A run's job that runs again (its process died) resumes: the cases with a result keep it,
 * the others run (docs/quality.md, "Evaluations"). And the publish gate's question: the newest
 * completed run on these settings with this model, and whether it passed.
 */
describe.each(DIALECTS)("evaluation runs resumed, and the gate, on %s", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  it_("runs only the cases without a result, then completes; the gate reads the run", async () => {
    const mock = scriptedModel((options) => ({ text: `Echo: ${lastUserText(options)}` }));
    // No worker: the run's job waits in the queue, and this test plays the process that resumes it.
    t = await createTestApp({
      dialect,
      modelOverride: () => mock.model,
      env: { PARLEY_RUN_WORKER: "false" },
    });
    const bot = (await t.call("POST", "/v1/bots", { body: { name: "Helper" } })).json();
    const newCase = async (content: string, value: string) =>
      (
        await t!.call("POST", `/v1/bots/${bot.id}/evals/cases`, {
          body: {
            name: content,
            messages: [{ role: "user", content }],
            expectations: [{ type: "contains", value }],
          },
        })
      ).json();
    const first = await newCase("first", "first");
    const second = await newCase("second", "second");
    const third = await newCase("third", "nowhere");
    const queued = (await t.call("POST", `/v1/bots/${bot.id}/evals/runs`, { body: {} })).json();
    expect(queued.status).toBe("queued");

    // The first attempt stored the first case's result, then its process died.
    const repos = createRepos(t.storage.db);
    await repos.evalRuns.update(t.projectId, queued.id, {
      status: "running",
      started_at: new Date().toISOString(),
    });
    await repos.evalRuns.insertResult({
      run_id: queued.id,
      case_id: first.id,
      project_id: t.projectId,
      position: 0,
      case_name: "first",
      status: "passed",
      reply: "kept from the first attempt",
      expectations: JSON.stringify([{ type: "contains", passed: true, detail: "kept" }]),
      tool_calls: "[]",
      handed_off: 0,
      input_tokens: 1,
      output_tokens: 1,
      duration_ms: 1,
      error_code: null,
      error_message: null,
      trace_id: "trc_first",
      trace: "{}",
      created_at: new Date().toISOString(),
    });
    const halfway = (await t.call("GET", `/v1/bots/${bot.id}/evals/runs/${queued.id}`)).json();
    expect(halfway).toMatchObject({ status: "running", passed: null, summary: { total: 3, passed: 1 } });

    const runs = directRuns(t, mock.model);
    await runs.execute(t.projectId, queued.id, false);

    // Only the second and third cases reached the model.
    expect(mock.calls.map(lastUserText).sort()).toEqual(["second", "third"]);
    const run = (await t.call("GET", `/v1/bots/${bot.id}/evals/runs/${queued.id}`)).json();
    expect(run).toMatchObject({
      status: "completed",
      passed: false,
      summary: { total: 3, passed: 2, failed: 1, errored: 0 },
    });
    expect(run.results.map((r: { case_id: string; reply: string }) => [r.case_id, r.reply])).toEqual([
      [first.id, "kept from the first attempt"],
      [second.id, "Echo: second"],
      [third.id, "Echo: third"],
    ]);
    // A completed run is not run again.
    await runs.execute(t.projectId, queued.id, false);
    expect(mock.calls).toHaveLength(2);

    // The gate: the newest completed run of exactly these settings with this model.
    expect(await runs.latestRun(t.projectId, bot.id, run.settings_version, "openai/gpt-5")).toEqual({
      id: run.id,
      passed: false,
    });
    expect(
      await runs.latestRun(t.projectId, bot.id, run.settings_version, "anthropic/claude-sonnet-4-5"),
    ).toBeUndefined();
    expect(await runs.latestRun(t.projectId, bot.id, "000000000000", "openai/gpt-5")).toBeUndefined();
    await t.call("POST", `/v1/bots/${bot.id}/evals/cases/${third.id}`, {
      body: { expectations: [{ type: "contains", value: "third" }] },
    });
    const again = await runs.createAndRun(
      { keyId: "test", projectId: t.projectId, organizationId: t.organizationId, role: "admin" },
      bot.id,
      {},
    );
    expect(again).toMatchObject({ status: "completed", passed: true });
    expect(await runs.latestRun(t.projectId, bot.id, run.settings_version, "openai/gpt-5")).toEqual({
      id: again.id,
      passed: true,
    });
  });

  it_("on shutdown a run takes no more cases; its job's next run resumes it", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const reached: string[] = [];
    const mock = scriptedModel((options) => {
      reached.push(lastUserText(options));
      return { text: `Echo: ${lastUserText(options)}`, until: held };
    });
    t = await createTestApp({
      dialect,
      modelOverride: () => mock.model,
      env: { PARLEY_RUN_WORKER: "false" },
    });
    const bot = (await t.call("POST", "/v1/bots", { body: { name: "Helper" } })).json();
    for (const content of ["one", "two", "three", "four"])
      await t.call("POST", `/v1/bots/${bot.id}/evals/cases`, {
        body: { name: content, messages: [{ role: "user", content }] },
      });
    const run = (await t.call("POST", `/v1/bots/${bot.id}/evals/runs`, { body: {} })).json();
    const stopping = directRuns(t, mock.model);
    const first = stopping.execute(t.projectId, run.id, false);
    // Two cases are under way when the process begins to stop.
    while (reached.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    stopping.interrupt();
    release();
    await expect(first).rejects.toBeInstanceOf(RetryLater);
    const halfway = (await t.call("GET", `/v1/bots/${bot.id}/evals/runs/${run.id}`)).json();
    expect(halfway).toMatchObject({ status: "running", summary: { total: 4, passed: 2 } });

    await directRuns(t, mock.model).execute(t.projectId, run.id, false);
    const done = (await t.call("GET", `/v1/bots/${bot.id}/evals/runs/${run.id}`)).json();
    expect(done).toMatchObject({ status: "completed", passed: true, summary: { total: 4, passed: 4 } });
    expect(reached.sort()).toEqual(["four", "one", "three", "two"]);
  });

  it_("a run whose version is gone fails, saying why; a case deleted before it ran is an error", async () => {
    const mock = scriptedModel();
    t = await createTestApp({
      dialect,
      modelOverride: () => mock.model,
      env: { PARLEY_RUN_WORKER: "false" },
    });
    const runs = directRuns(t, mock.model);
    const bot = (await t.call("POST", "/v1/bots", { body: { name: "Helper" } })).json();
    const make = async (content: string) =>
      (
        await t!.call("POST", `/v1/bots/${bot.id}/evals/cases`, {
          body: { name: content, messages: [{ role: "user", content }] },
        })
      ).json();
    const kept = await make("kept");
    const doomed = await make("doomed");
    const run = (await t.call("POST", `/v1/bots/${bot.id}/evals/runs`, { body: {} })).json();
    await t.call("POST", `/v1/bots/${bot.id}/evals/cases/${doomed.id}/delete`);
    await runs.execute(t.projectId, run.id);
    const done = (await t.call("GET", `/v1/bots/${bot.id}/evals/runs/${run.id}`)).json();
    expect(done).toMatchObject({
      status: "completed",
      passed: false,
      summary: { total: 2, passed: 1, errored: 1 },
    });
    expect(done.results[0]).toMatchObject({ case_id: kept.id, status: "passed" });
    expect(done.results[1]).toMatchObject({
      case_id: doomed.id,
      status: "error",
      error: { code: "eval_case_not_found" },
    });
    const trace = await t.call("GET", `/v1/bots/${bot.id}/evals/runs/${run.id}/results/${doomed.id}/trace`);
    expect(trace.json()).toMatchObject({ thread_id: null, outcome: "failed", code: "eval_case_not_found" });

    // The settings change before the run starts: the version it was created for is gone.
    const stale = (await t.call("POST", `/v1/bots/${bot.id}/evals/runs`, { body: {} })).json();
    await t.call("POST", `/v1/bots/${bot.id}/settings`, { body: { ai: { instruction: "Something else." } } });
    await runs.execute(t.projectId, stale.id);
    const failed = (await t.call("GET", `/v1/bots/${bot.id}/evals/runs/${stale.id}`)).json();
    expect(failed).toMatchObject({
      status: "failed",
      passed: null,
      error: { code: "version_not_found" },
      results: [],
      finished_at: expect.any(String),
    });
  });
});

/** The runs service over the test app's database, as the job's process would have it. */
function directRuns(t: TestApp, model: LanguageModel): RunsService {
  const repos = createRepos(t.storage.db);
  const config = testConfig();
  return new RunsService({
    repos,
    transactor: new Transactor({ repos, jobs: new JobQueue({ clock: systemClock, newId }), listeners: [] }),
    clock: systemClock,
    newId,
    registry: new ModelRegistry(new ModelCatalog(config), config.providers, () => model),
    resolveVersion: publishedSettingsOnly(repos),
    defaultModel: config.defaultModel,
    log: { warn() {} },
    turn: {
      clock: systemClock,
      newId,
      tools: new ProjectTools(),
      searchKnowledge: async () => [],
      priceOf: () => undefined,
      timeoutMs: 10_000,
    },
  });
}

/**
 * A version source that knows only the bot's published settings, as version 1 whatever they
 * are now: a version whose settings changed after its run was created reads as gone (real
 * versions never change; this stands for one that is no longer there).
 */
function publishedSettingsOnly(repos: Repos): ResolveVersion {
  return async (projectId, botId, ref) => {
    const bot = await repos.bots.findById(botId);
    if (!bot || bot.project_id !== projectId || (typeof ref === "number" && ref !== 1)) return undefined;
    return { version: 1, settings: bot.settings, settingsVersion: settingsVersion(bot.settings) };
  };
}
