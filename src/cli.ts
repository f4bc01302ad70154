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

async function runModels(args: string[], usage: (message: string) => Error): Promise<unknown> {
  const [{ runModelsCommand }, { loadConfig }] = await Promise.all([
    import("./cli-models.js"),
    import("./config.js"),
  ]);
  return runModelsCommand(args, loadConfig(), usage);
}

await main(process.argv.slice(2));
