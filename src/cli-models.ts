import type { Config } from "./config.js";
import type { Logger } from "./infra/logging.js";
import { LocalModels } from "./modules/models/index.js";

/**
 * `parley models list|pull|remove`: the embedded runtime's model files (docs/local-models.md),
 * without the database. Progress of a pull goes to standard error; the result, as every
 * command's, is JSON on standard output.
 */
export async function runModelsCommand(
  args: string[],
  config: Config,
  usage: (message: string) => Error,
): Promise<unknown> {
  const [verb, id] = args;
  const models = new LocalModels(config.localModels, config.extraModels, stderrLogger());
  switch (verb) {
    case "list":
      return models.list().map((spec) => {
        const status = models.status(spec);
        return {
          id: spec.id,
          installed: status.installed,
          bytes: status.bytes,
          path: spec.path,
          downloadable: spec.download !== null,
          default: spec.id === config.defaultModel,
        };
      });
    case "pull": {
      if (!id) throw usage("models pull needs a model id, e.g. local/qwen2.5-0.5b-instruct");
      const path = await models.ensure(id);
      const spec = models.get(id);
      return { id, path, bytes: spec ? models.status(spec).bytes : null };
    }
    case "remove": {
      if (!id) throw usage("models remove needs a model id");
      return { id, removed: await models.remove(id) };
    }
    default:
      throw usage(`unknown command 'models ${verb ?? ""}'`.trim());
  }
}

/** Progress lines for a person at a terminal: the message and the numbers that matter. */
function stderrLogger(): Logger {
  const write = (object: unknown, message?: string) => {
    const fields = typeof object === "object" && object !== null ? (object as Record<string, unknown>) : {};
    const text = message ?? (typeof object === "string" ? object : "");
    const received = fields.received_bytes;
    const total = fields.total_bytes;
    const numbers =
      typeof received === "number" && typeof total === "number"
        ? ` (${(received / 1e6).toFixed(1)} of ${(total / 1e6).toFixed(1)} MB)`
        : "";
    process.stderr.write(`parley: ${text}${numbers}\n`);
  };
  const silent = () => {};
  const logger: Logger = {
    level: "info",
    fatal: write as Logger["fatal"],
    error: write as Logger["error"],
    // A failed pull is the command's error, printed once by the CLI.
    warn: silent,
    info: write as Logger["info"],
    debug: silent,
    trace: silent,
    child: () => logger,
  };
  return logger;
}
