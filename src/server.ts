import "../scripts/require-node.mjs";
import { buildApp } from "./app.js";
import { bootstrapBanner, bootstrapFirstStart, openRuntime } from "./composition-root.js";
import { ConfigError, loadConfig } from "./config.js";
import {
  checkPortFree,
  explainListenError,
  StartupError,
  withoutDatabasePassword,
} from "./startup-checks.js";

/**
 * Process entry: configuration, storage, HTTP server, and a graceful stop on SIGTERM/SIGINT.
 *
 * The order makes sure the one-time bootstrap banner (a generated API key, the first console
 * password) is printed only by a process that is listening, and that a start which cannot
 * listen commits no bootstrap, so the next start creates and prints one:
 * 1. the configuration, then a probe of HOST:PORT: a taken port stops the start before anything
 *    is created or migrated (a second instance started by mistake must not migrate the database
 *    under the first one, nor leave a data directory behind);
 * 2. the data directory, the secret key, the database and its migrations (openRuntime);
 * 3. the app, listening; if the port was taken since the probe, the start ends here;
 * 4. only then the first-start bootstrap and its banner. Requests that arrive meanwhile (the
 *    bootstrap hashes a password: a fraction of a second) wait for it in a hook rather than
 *    meet an empty database.
 * The probe alone could not promise step 4 (the port can be taken between probe and listen);
 * listening alone would create and migrate the database of a start that then fails.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  await checkPortFree(config.host, config.port);
  const runtime = await openRuntime(config);

  const app = await buildApp({ config, storage: runtime.storage, secrets: runtime.secrets });
  if (runtime.secretKeySource === "generated") {
    app.log.info({ dataDir: config.dataDir }, "generated a new secret key in DATA_DIR/secret.key");
  }
  if (config.databaseUrl && runtime.secretKeySource !== "env") {
    app.log.warn(
      "DATABASE_URL is set but PARLEY_SECRET_KEY is not: every process of a cluster needs the same key",
    );
  }

  let bootstrapped!: () => void;
  const bootstrap = new Promise<void>((resolve) => {
    bootstrapped = resolve;
  });
  app.addHook("onRequest", async () => bootstrap);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    const deadline = setTimeout(() => {
      app.log.error("shutdown timed out; exiting");
      process.exit(1);
    }, config.shutdownTimeoutMs);
    deadline.unref();
    try {
      await app.close();
      // A stop during the first-start bootstrap lets it commit (and print) before the database closes.
      await bootstrap;
      await runtime.storage.close();
      app.log.info("stopped");
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error during shutdown");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => {});
    await runtime.storage.close().catch(() => {});
    throw explainListenError(error, config.host, config.port) ?? error;
  }
  const banner = bootstrapBanner(await bootstrapFirstStart(config, runtime.storage), config.publicUrl);
  if (banner) process.stdout.write(`${banner}\n`);
  bootstrapped();
}

// Exit status 1 for every failed start; what the operator can fix is one line naming the setting.
main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else if (error instanceof StartupError) {
    process.stderr.write(`parley: ${error.message}\n`);
  } else {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(
      `Parley failed to start: ${withoutDatabasePassword(text, process.env.DATABASE_URL)}\n`,
    );
  }
  process.exit(1);
});
