import { buildApp } from "./app.js";
import { bootstrapBanner, prepareRuntime } from "./composition-root.js";
import { ConfigError, loadConfig } from "./config.js";

/** Process entry: configuration, storage, HTTP server, and a graceful stop on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = await prepareRuntime(config);
  const banner = bootstrapBanner(runtime.bootstrap, config.publicUrl);
  if (banner) process.stdout.write(`${banner}\n`);

  const app = await buildApp({ config, storage: runtime.storage, secrets: runtime.secrets });
  if (runtime.secretKeySource === "generated") {
    app.log.info({ dataDir: config.dataDir }, "generated a new secret key in DATA_DIR/secret.key");
  }
  if (config.databaseUrl && runtime.secretKeySource !== "env") {
    app.log.warn(
      "DATABASE_URL is set but PARLEY_SECRET_KEY is not: every process of a cluster needs the same key",
    );
  }

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

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Parley failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
