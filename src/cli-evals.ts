import { parseArgs } from "node:util";
import { pino } from "pino";
import { bootstrapBanner, composeService, prepareRuntime } from "./composition-root.js";
import { loadConfig } from "./config.js";
import { systemClock } from "./infra/clock.js";
import { ApiError } from "./infra/errors.js";
import { newId } from "./infra/ids.js";
import { loggerOptions } from "./infra/logging.js";
import type { EvalRun, VersionRef } from "./modules/evals/index.js";
import { createRepos } from "./storage/repos/index.js";

/** What `evals run` prints on stdout (the run with its results) and the exit code it asks for. */
export interface EvalsCommandResult {
  run: unknown;
  exitCode: 0 | 1;
}

/** A run that cannot be made (an unknown bot, no cases, an unknown model): exit 2, as a usage error. */
export class EvalsRefused extends Error {}

type RunWithResults = EvalRun & {
  results: Array<{
    case_name: string;
    status: "passed" | "failed" | "error";
    expectations: Array<{ type: string; passed: boolean; detail: string }>;
    error: { code: string; message: string } | null;
  }>;
};

function versionRef(value: string | undefined, usage: (message: string) => Error): VersionRef | undefined {
  if (value === undefined || value === "draft" || value === "published") return value;
  if (/^[1-9][0-9]{0,8}$/.test(value)) return Number(value);
  throw usage("--version must be draft, published or a version number");
}

/**
 * `parley evals run --bot <id> [--version draft|published|N] [--model id] [--judge-model id]`
 * (docs/quality.md, "Evaluations"): creates a run of the bot's cases and runs it in this process
 * to its end, on the server's database; a summary goes to stderr, the run to stdout. Exit 0 when
 * every case passed, 1 when any failed or errored (or the run failed), 2 on a usage error or a
 * run that cannot be made.
 */
export async function runEvalsCommand(
  args: string[],
  usage: (message: string) => Error,
): Promise<EvalsCommandResult> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      bot: { type: "string" },
      version: { type: "string" },
      model: { type: "string" },
      "judge-model": { type: "string" },
    },
  });
  if (positionals.join(" ") !== "run") throw usage(`unknown command 'evals ${positionals.join(" ")}'`);
  if (!values.bot) throw usage("--bot is required");
  const version = versionRef(values.version, usage);

  // This process runs the run itself: it takes no other job of the queue.
  const config = { ...loadConfig(), runWorker: false };
  const runtime = await prepareRuntime(config);
  const banner = bootstrapBanner(runtime.bootstrap, config.publicUrl);
  if (banner) process.stderr.write(`${banner}\n`);
  const { stream: _stdout, ...options } = loggerOptions(config.logLevel);
  const log = pino(options, pino.destination(2));
  const service = composeService({
    config,
    storage: runtime.storage,
    secrets: runtime.secrets,
    clock: systemClock,
    newId,
    log,
  });
  try {
    const repos = createRepos(runtime.storage.db);
    const bot = await repos.bots.findById(values.bot);
    const project = bot ? await repos.projects.findById(bot.project_id) : undefined;
    if (!bot || !project) throw new EvalsRefused(`no bot '${values.bot}'`);
    const auth = {
      keyId: "cli",
      projectId: project.id,
      organizationId: project.organization_id,
      role: "admin" as const,
    };
    let run: RunWithResults;
    try {
      run = (await service.evals.runs.createAndRun(auth, bot.id, {
        ...(version !== undefined ? { version } : {}),
        ...(values.model ? { model: values.model } : {}),
        ...(values["judge-model"] ? { judge_model: values["judge-model"] } : {}),
      })) as RunWithResults;
    } catch (error) {
      if (error instanceof ApiError) throw new EvalsRefused(`${error.code}: ${error.message}`);
      throw error;
    }
    process.stderr.write(summary(run));
    return { run, exitCode: run.status === "completed" && run.passed === true ? 0 : 1 };
  } finally {
    await service.close();
    await runtime.storage.close();
  }
}

/** The run as a person reads it: one line per case, the failed expectations under it. */
function summary(run: RunWithResults): string {
  const { total, passed, failed, errored } = run.summary;
  const lines = [
    `Evaluation ${run.id}: bot ${run.bot_id} version ${run.version} (settings ${run.settings_version}), ` +
      `model ${run.model}, judge ${run.judge_model}`,
  ];
  if (run.status === "failed") lines.push(`  the run failed: ${run.error?.code}: ${run.error?.message}`);
  for (const result of run.results) {
    const mark = { passed: "PASS ", failed: "FAIL ", error: "ERROR" }[result.status];
    lines.push(`  ${mark} ${result.case_name}`);
    if (result.error) lines.push(`        ${result.error.code}: ${result.error.message}`);
    for (const expectation of result.expectations.filter((e) => !e.passed))
      lines.push(`        ✗ ${expectation.type}: ${expectation.detail}`);
  }
  lines.push(
    `${passed}/${total} passed, ${failed} failed, ${errored} errored; ` +
      `${run.usage.input_tokens} input and ${run.usage.output_tokens} output tokens (not charged)`,
  );
  return `${lines.join("\n")}\n`;
}
