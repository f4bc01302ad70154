import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { exitCode, freePort, printed, ready, runNpm } from "../helpers/server-process.js";

/** The README's quick start, for real: `npm start` on an empty DATA_DIR, then curl-like calls. */
describe("the server process", () => {
  it("starts with the embedded database, prints a bootstrap key once, serves it, and stops cleanly", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "parley-e2e-"));
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "info" };
    const base = `http://127.0.0.1:${port}`;

    const first = runNpm(["start", "--silent"], env);
    await printed(first, /API key:\s+prl_\S+\n/, "the bootstrap banner");
    const key = /API key:\s+(prl_\S+)/.exec(first.stdout())?.[1] ?? "";
    await ready(first, base);
    expect(existsSync(join(dataDir, "parley.db"))).toBe(true);
    expect(existsSync(join(dataDir, "secret.key"))).toBe(true);

    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    const created = await fetch(`${base}/v1/bots`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "E2E" }),
    });
    expect(created.status).toBe(200);
    const bot = (await created.json()) as { id: string };
    const settings = await fetch(`${base}/v1/bots/${bot.id}/settings`, {
      method: "POST",
      headers,
      body: JSON.stringify({ ai: { model: { temperature: 0.2 } } }),
    });
    expect(((await settings.json()) as { ai: { model: { temperature: number } } }).ai.model.temperature).toBe(
      0.2,
    );
    expect((await fetch(`${base}/docs/`)).status).toBe(200);
    // The key is printed, never logged.
    expect(first.stdout().split(key).length - 1).toBe(1);

    first.child.kill("SIGTERM");
    expect(await exitCode(first, "the server after SIGTERM")).toBe(0);
    expect(first.stdout()).toContain('"msg":"stopped"');
    // A clean close checkpoints and removes the write-ahead log.
    expect(existsSync(join(dataDir, "parley.db-wal"))).toBe(false);

    const second = runNpm(["start", "--silent"], env);
    await ready(second, base, "readiness after the restart");
    expect(second.stdout()).not.toContain("API key:");
    const bots = (await (await fetch(`${base}/v1/bots`, { headers })).json()) as Array<{ id: string }>;
    expect(bots.map((b) => b.id)).toEqual([bot.id]);
    second.child.kill("SIGTERM");
    expect(await exitCode(second, "the restarted server after SIGTERM")).toBe(0);
  }, 360_000); // five steps, each bounded by PROCESS_STEP_MS

  it("uses PARLEY_BOOTSTRAP_API_KEY exactly, and the CLI manages projects and keys without the server", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "parley-cli-"));
    const bootstrapKey = "prl_my_own_bootstrap_key_for_this_test";
    const env = { DATA_DIR: dataDir, PARLEY_BOOTSTRAP_API_KEY: bootstrapKey, LOG_LEVEL: "warn" };
    const cli = async (...args: string[]) => {
      const run = runNpm(["run", "--silent", "parley", "--", ...args], env);
      const code = await exitCode(run, `parley ${args.join(" ")}`);
      return { code, stdout: run.stdout(), stderr: run.stderr() };
    };

    const projects = await cli("projects", "list");
    expect(projects.code).toBe(0);
    const [defaultProject] = JSON.parse(projects.stdout);
    expect(defaultProject.name).toBe("Default project");

    const created = await cli("projects", "create", "--name", "Shop");
    expect(created.code).toBe(0);
    const shop = JSON.parse(created.stdout);
    const key = JSON.parse((await cli("keys", "create", "--project", shop.id, "--name", "shop-key")).stdout);
    expect(key.key).toMatch(/^prl_/);
    expect(key.role).toBe("project");

    const listed = JSON.parse((await cli("keys", "list", "--project", shop.id)).stdout);
    expect(listed.map((k: { id: string }) => k.id)).toEqual([key.id]);
    expect(JSON.stringify(listed)).not.toContain(key.key);
    const bad = await cli("keys", "create", "--project", "prj_missing", "--name", "x");
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain("prj_missing");

    // Billing administration: a grant is a transaction, and the balance shows it.
    const granted = await cli(
      "billing",
      "grant",
      "--project",
      shop.id,
      "--credits",
      "250",
      "--reason",
      "Pilot",
    );
    expect(granted.code).toBe(0);
    expect(JSON.parse(granted.stdout)).toMatchObject({ type: "topup", amount: 250, description: "Pilot" });
    const balance = JSON.parse((await cli("billing", "balance", "--project", shop.id)).stdout);
    expect(balance).toMatchObject({ credits: 250, bonus: 100 });
    const refused = await cli("billing", "grant", "--project", shop.id, "--credits", "0");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("--credits");

    // Console people: a generated password is printed once; the person then signs in over HTTP.
    const person = await cli(
      "operators",
      "create",
      "--project",
      shop.id,
      "--email",
      "Ann@Example.com",
      "--name",
      "Ann",
    );
    expect(person.code).toBe(0);
    const ann = JSON.parse(person.stdout);
    expect(ann).toMatchObject({ email: "ann@example.com", role: "operator" });
    expect(ann.password).toMatch(/^[\w-]{20}$/);
    const people = JSON.parse((await cli("operators", "list", "--project", shop.id)).stdout);
    expect(JSON.stringify(people)).not.toContain(ann.password);

    const port = await freePort();
    const server = runNpm(["start", "--silent"], { ...env, PORT: String(port), HOST: "127.0.0.1" });
    const base = `http://127.0.0.1:${port}`;
    await ready(server, base);
    const asAdmin = await fetch(`${base}/v1/projects`, {
      headers: { authorization: `Bearer ${bootstrapKey}` },
    });
    expect(((await asAdmin.json()) as Array<{ name: string }>).map((p) => p.name)).toEqual([
      "Default project",
      "Shop",
    ]);
    const signedIn = await fetch(`${base}/v1/sessions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "ann@example.com", password: ann.password }),
    });
    expect(signedIn.status).toBe(200);
    expect(((await signedIn.json()) as { project: { id: string } }).project.id).toBe(shop.id);
    const asShop = await fetch(`${base}/v1/projects`, { headers: { authorization: `Bearer ${key.key}` } });
    expect(((await asShop.json()) as Array<{ id: string }>).map((p) => p.id)).toEqual([shop.id]);
    server.child.kill("SIGTERM");
    expect(await exitCode(server, "the server after SIGTERM")).toBe(0);
  }, 780_000); // ten CLI runs, a start and a stop, each bounded by PROCESS_STEP_MS

  it("refuses to start on a bad configuration, naming the variable", async () => {
    const run = runNpm(["start", "--silent"], {
      PORT: "not-a-port",
      DATA_DIR: mkdtempSync(join(tmpdir(), "p-")),
    });
    expect(await exitCode(run, "a start with PORT=not-a-port")).toBe(1);
    expect(run.stderr()).toContain("PORT");
  }, 120_000);
});
