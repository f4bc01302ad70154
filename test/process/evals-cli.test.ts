import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { settingsVersion } from "../../src/modules/bots/index.js";
import { openStorage } from "../../src/storage/database.js";
import { createRepos } from "../../src/storage/repos/index.js";
import { type FakeOpenAI, lastUserText, startFakeOpenAI } from "../helpers/fake-openai-server.js";
import { exitCode, runNpm } from "../helpers/server-process.js";

/**
 * `parley evals run` (docs/quality.md, "Evaluations"): the run made and run in the CLI's own
 * process against a real (fake) OpenAI-compatible provider; the run on stdout, a summary on
 * stderr; exit 0 when every case passed, 1 when one failed, 2 on usage errors.
 */
describe("the CLI's evals run", () => {
  const dirs: string[] = [];
  let fake: FakeOpenAI | undefined;
  afterEach(async () => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    await fake?.close();
  });

  it("runs a bot's cases to the end and exits by their outcome", async () => {
    // The bot echoes; the judge (a call without streaming) passes what it is asked about.
    fake = await startFakeOpenAI({
      responder: (request) =>
        request.body.stream
          ? { text: `Echo: ${lastUserText(request)}` }
          : { text: 'Verdict: {"pass": true, "reason": "It echoes."}' },
    });
    const dataDir = mkdtempSync(join(tmpdir(), "parley-evals-cli-"));
    dirs.push(dataDir);
    const env = {
      DATA_DIR: dataDir,
      PARLEY_BOOTSTRAP_API_KEY: "prl_evals_cli_test_key_0123456789",
      PARLEY_DEFAULT_MODEL: "openai/gpt-5",
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: fake.baseUrl,
      LOG_LEVEL: "warn",
    };
    const cli = async (...args: string[]) => {
      const run = runNpm(["run", "--silent", "parley", "--", ...args], env);
      const code = await exitCode(run, `parley ${args.join(" ")}`);
      return { code, stdout: run.stdout(), stderr: run.stderr() };
    };
    const projects = await cli("projects", "list");
    expect(projects.code, projects.stderr).toBe(0);
    const [project] = JSON.parse(projects.stdout) as Array<{ id: string }>;

    // A bot and its cases, as the API would have written them.
    const storage = openStorage({ sqlitePath: join(dataDir, "parley.db") });
    const repos = createRepos(storage.db);
    const now = new Date().toISOString();
    const settings = JSON.stringify({ ai: { instruction: "Be helpful." } });
    await repos.bots.insert({
      id: "bot_cli",
      project_id: project!.id,
      name: "Helper",
      description: null,
      status: "active",
      settings,
      created_at: now,
      updated_at: now,
    });
    await repos.botVersions.insert({
      id: "bver_cli",
      project_id: project!.id,
      bot_id: "bot_cli",
      version: 1,
      settings,
      settings_version: settingsVersion(settings),
      source: "created",
      note: null,
      created_at: now,
      published_at: now,
    });
    const evalCase = (id: string, content: string, expectations: object[]) => ({
      id,
      project_id: project!.id,
      bot_id: "bot_cli",
      name: `Says ${content}`,
      messages: JSON.stringify([{ role: "user", content }]),
      expectations: JSON.stringify(expectations),
      tool_results: "{}",
      source_type: "manual" as const,
      source_thread_id: null,
      source_message_id: null,
      created_at: now,
      updated_at: now,
    });
    await repos.evalCases.insert(
      evalCase("evc_ping", "ping", [
        { type: "contains", value: "ping" },
        { type: "rubric", criteria: "Repeats the question" },
      ]),
    );
    await repos.evalCases.insert(evalCase("evc_pong", "pong", [{ type: "contains", value: "nothing" }]));
    await storage.close();

    const failing = await cli("evals", "run", "--bot", "bot_cli");
    expect(failing.code, failing.stderr).toBe(1);
    const run = JSON.parse(failing.stdout);
    expect(run).toMatchObject({
      id: expect.stringMatching(/^evr_/),
      bot_id: "bot_cli",
      version: 1,
      model: "openai/gpt-5",
      status: "completed",
      passed: false,
      summary: { total: 2, passed: 1, failed: 1, errored: 0 },
    });
    expect(run.results.map((r: { case_id: string; status: string }) => [r.case_id, r.status]).sort()).toEqual(
      [
        ["evc_ping", "passed"],
        ["evc_pong", "failed"],
      ],
    );
    expect(failing.stderr).toContain("PASS  Says ping");
    expect(failing.stderr).toContain("FAIL  Says pong");
    expect(failing.stderr).toContain('✗ contains: The reply does not contain "nothing"');
    expect(failing.stderr).toContain("1/2 passed, 1 failed, 0 errored");
    // The provider was asked by the bot (streamed) and by the judge (not streamed).
    const chats = fake.requests.filter((r) => r.path === "/v1/chat/completions");
    expect(chats.filter((r) => r.body.stream)).toHaveLength(2);
    expect(chats.filter((r) => !r.body.stream)).toHaveLength(1);

    const again = openStorage({ sqlitePath: join(dataDir, "parley.db") });
    await createRepos(again.db).evalCases.update(project!.id, "evc_pong", {
      expectations: JSON.stringify([{ type: "contains", value: "pong" }]),
    });
    await again.close();
    const passing = await cli(
      "evals",
      "run",
      "--bot",
      "bot_cli",
      "--version",
      "published",
      "--model",
      "openai/gpt-5",
    );
    expect(passing.code, passing.stderr).toBe(0);
    expect(JSON.parse(passing.stdout)).toMatchObject({ status: "completed", passed: true });
    // The run was claimed and held as a job: nothing is left queued or running.
    const check = openStorage({ sqlitePath: join(dataDir, "parley.db") });
    const jobs = await check.db
      .selectFrom("jobs")
      .select(["type", "status"])
      .where("type", "=", "evals.run")
      .execute();
    await check.close();
    expect(jobs).toEqual([
      { type: "evals.run", status: "done" },
      { type: "evals.run", status: "done" },
    ]);

    for (const [args, says] of [
      [["evals", "run"], "--bot is required"],
      [["evals", "run", "--bot", "bot_cli", "--version", "newest"], "--version"],
      [["evals", "walk", "--bot", "bot_cli"], "unknown command"],
      [["evals", "run", "--bot", "bot_none"], "no bot 'bot_none'"],
      [["evals", "run", "--bot", "bot_cli", "--model", "openai/none"], "model_unavailable"],
      [["evals", "run", "--bot", "bot_cli", "--version", "7"], "version_not_found"],
    ] as const) {
      const refused = await cli(...args);
      expect(refused.code, args.join(" ")).toBe(2);
      expect(refused.stderr).toContain(says);
    }
  }, 120_000);
});
