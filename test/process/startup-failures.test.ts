import { chmodSync, existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { exitCode, freePort, printed, runNpm } from "../helpers/server-process.js";

/** docs/operations.md, "Start-up": each failure is one line on stderr naming the setting, status 1. */
describe("a start that cannot work explains itself", () => {
  const start = async (env: Record<string, string>) => {
    const run = runNpm(["start", "--silent"], { HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env });
    const code = await exitCode(run, "a start that cannot work");
    return { code, stdout: run.stdout(), stderr: run.stderr() };
  };
  const occupy = async (port: number) => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    return server;
  };
  const release = (server: Server) => new Promise((resolve) => server.close(resolve));

  /** A later start on a free port bootstraps and prints the banner: the failed one committed nothing. */
  const expectFirstStartBanner = async (dataDir: string) => {
    const port = await freePort();
    const run = runNpm(["start", "--silent"], { DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1" });
    await printed(run, /Password:/, "the bootstrap banner");
    expect(run.stdout()).toMatch(/API key:\s+prl_/);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    run.child.kill("SIGTERM");
    expect(await exitCode(run, "the server after SIGTERM")).toBe(0);
  };

  it("a port in use: refused before anything is created, so the next start prints the banner", async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), "parley-port-")), "data");
    const port = await freePort();
    const rival = await occupy(port);
    try {
      const failed = await start({ DATA_DIR: dataDir, PORT: String(port) });
      expect(failed.code).toBe(1);
      expect(failed.stderr).toBe(`parley: PORT ${port} on 127.0.0.1 is already in use\n`);
      expect(failed.stdout).not.toContain("API key:");
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      await release(rival);
    }
    await expectFirstStartBanner(dataDir);
  }, 240_000);

  it("a port taken between the probe and the listen: no bootstrap is committed", async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), "parley-race-")), "data");
    const hook = new URL("../helpers/take-port-after-probe.mjs", import.meta.url).pathname;
    const failed = await start({
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${hook}`.trim(),
    });
    expect(failed.stderr).toMatch(/^parley: PORT \d+ on 127\.0\.0\.1 is already in use\n$/);
    expect(failed.code).toBe(1);
    expect(failed.stdout).not.toContain("API key:");
    // The database was created and migrated (the app was built), yet holds no project.
    expect(existsSync(join(dataDir, "parley.db"))).toBe(true);
    await expectFirstStartBanner(dataDir);
  }, 240_000);

  it("an unreachable PostgreSQL: names DATABASE_URL, never prints its password", async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), "parley-pg-")), "data");
    const closedPort = await freePort();
    const failed = await start({
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      DATABASE_URL: `postgres://parley:hunter2-secret@127.0.0.1:${closedPort}/parley`,
    });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toBe(
      `parley: cannot reach PostgreSQL at DATABASE_URL (postgres://parley@127.0.0.1:${closedPort}/parley, password hidden): ECONNREFUSED\n`,
    );
    expect(failed.stdout + failed.stderr).not.toContain("hunter2");
    expect(existsSync(join(dataDir, "secret.key"))).toBe(false);
  }, 120_000);

  describe("an older Node.js than package.json's engines.node: one line, nothing created", () => {
    const preload = new URL("../helpers/pretend-node-version.mjs", import.meta.url).pathname;
    const older = (dataDir: string) => ({
      DATA_DIR: dataDir,
      PARLEY_TEST_NODE_VERSION: "22.21.1",
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${preload}`.trim(),
    });
    const refusal =
      "parley: Node.js 24 or newer is required, this is Node.js 22.21.1; install Node.js 24 LTS or newer (README, Quick start)\n";

    it("npm start", async () => {
      const dataDir = join(mkdtempSync(join(tmpdir(), "parley-old-node-")), "data");
      const failed = await start({ ...older(dataDir), PORT: String(await freePort()) });
      expect(failed.stderr).toBe(refusal);
      expect(failed.code).toBe(1);
      expect(existsSync(dataDir)).toBe(false);
    }, 120_000);

    it("npm run parley (the administration CLI)", async () => {
      const dataDir = join(mkdtempSync(join(tmpdir(), "parley-old-node-")), "data");
      const run = runNpm(["run", "--silent", "parley", "--", "projects", "list"], older(dataDir));
      expect(await exitCode(run, "the CLI on an older Node.js")).toBe(1);
      expect(run.stderr()).toBe(refusal);
      expect(existsSync(dataDir)).toBe(false);
    }, 120_000);
  });

  it("a base URL without its scheme names the variable, before anything is created", async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), "parley-url-")), "data");
    const failed = await start({
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      OPENAI_BASE_URL: "localhost:1234",
    });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toBe(
      "Invalid configuration:\n  - OPENAI_BASE_URL: 'localhost:1234' has no scheme: write http://localhost:1234 or https://localhost:1234\n",
    );
    expect(existsSync(dataDir)).toBe(false);
  }, 120_000);

  it("a DATA_DIR that cannot be created names DATA_DIR", async () => {
    const parent = mkdtempSync(join(tmpdir(), "parley-dir-"));
    writeFileSync(join(parent, "file"), "");
    const dataDir = join(parent, "file", "data");
    const failed = await start({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toBe(`parley: DATA_DIR ${dataDir} is not writable (ENOTDIR)\n`);
  }, 120_000);

  // Root writes anywhere: this one needs an ordinary user.
  it.skipIf(process.getuid?.() === 0)(
    "a read-only DATA_DIR names DATA_DIR (EACCES)",
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), "parley-ro-"));
      chmodSync(dataDir, 0o555);
      try {
        const failed = await start({ DATA_DIR: dataDir, PORT: String(await freePort()) });
        expect(failed.code).toBe(1);
        expect(failed.stderr).toBe(`parley: DATA_DIR ${dataDir} is not writable (EACCES)\n`);
      } finally {
        chmodSync(dataDir, 0o755);
      }
    },
    120_000,
  );
});
