import "../scripts/require-node.mjs";
import { USAGE } from "./cli-usage.js";
import { ConfigError } from "./config-error.js";
import { ApiError } from "./infra/errors.js";

/**
 * The administration CLI (`npm run parley -- <command>`, README "Administration CLI"): the
 * commands, and the database and modules they load, are imported only once there is a command
 * to run, so `--help` answers at once.
 */
async function main(argv: string[]): Promise<void> {
  if (argv.length === 0 || argv.includes("--help") || argv.includes("-h")) {
    process.stderr.write(`${USAGE}\n`);
    return;
  }
  const { NotFoundError, UsageError, runCommand } = await import("./cli-commands.js");
  if (argv[0] === "evals") {
    await runEvals(argv.slice(1), UsageError);
    return;
  }
  try {
    // The model files need neither the database nor the modules.
    const result =
      argv[0] === "models"
        ? await runModels(argv.slice(1), (message) => new UsageError(message))
        : await runCommand(argv);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(error.message ? `parley: ${error.message}\n\n${USAGE}\n` : `${USAGE}\n`);
      process.exit(error.message ? 2 : 0);
    }
    if (error instanceof NotFoundError || error instanceof ApiError) {
      process.stderr.write(`parley: ${error.message}\n`);
      process.exit(1);
    }
    if (error instanceof ConfigError || (error instanceof TypeError && "code" in error)) {
      process.stderr.write(`parley: ${error.message}\n`);
      process.exit(2);
    }
    process.stderr.write(`parley: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

/**
 * `evals run` (docs/quality.md, "Evaluations"): the run on stdout, its summary on stderr; exit 0
 * when every case passed, 1 when any failed or errored, 2 on a usage error or a run that cannot
 * be made.
 */
async function runEvals(args: string[], UsageError: new (message: string) => Error): Promise<void> {
  const { EvalsRefused, runEvalsCommand } = await import("./cli-evals.js");
  try {
    const { run, exitCode } = await runEvalsCommand(args, (message) => new UsageError(message));
    process.stdout.write(`${JSON.stringify(run, null, 2)}\n`);
    process.exitCode = exitCode;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof UsageError) {
      process.stderr.write(`parley: ${message}\n\n${USAGE}\n`);
      process.exit(2);
    }
    process.stderr.write(`parley: ${message}\n`);
    process.exit(error instanceof EvalsRefused || error instanceof ConfigError ? 2 : 1);
  }
}

async function runModels(args: string[], usage: (message: string) => Error): Promise<unknown> {
  const [{ runModelsCommand }, { loadConfig }] = await Promise.all([
    import("./cli-models.js"),
    import("./config.js"),
  ]);
  return runModelsCommand(args, loadConfig(), usage);
}

await main(process.argv.slice(2));
