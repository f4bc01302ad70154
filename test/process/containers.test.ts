import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { startCommand } from "../../scripts/start-command.mjs";
import { loadConfig } from "../../src/config.js";
import { freePort } from "../helpers/server-process.js";

/**
 * The container files (Dockerfile, compose.yaml, .env.example, .dockerignore), checked without
 * a Docker engine: their structure, and the environment each compose service hands the server,
 * read by the server's own loadConfig. The image itself is not built here; its command is the
 * one `npm start` runs, which test/process starts for real.
 */

const ROOT = join(import.meta.dirname, "..", "..");
const read = (file: string) => readFileSync(join(ROOT, file), "utf8");

const PARLEY_SERVICES = ["api-1", "api-2", "worker"];
const SHARED_VARIABLES = ["PARLEY_SECRET_KEY", "DATABASE_URL", "REDIS_URL", "PARLEY_PUBLIC_URL", "DATA_DIR"];

interface Service {
  image?: string;
  build?: string | { context: string };
  env_file?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { test: string | string[] };
  stop_grace_period?: string;
  command?: string[];
}

interface Compose {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

/** compose.yaml as Docker Compose reads it, `<<` merge keys resolved, variables not yet. */
const rawCompose = (): Compose => parse(read("compose.yaml"), { merge: true }) as Compose;

/** A .env file: KEY=VALUE lines, `#` comments. */
function parseDotenv(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const trimmed = line.trim();
    if (trimmed === "" || trimmed.startsWith("#")) continue;
    const eq = trimmed.indexOf("=");
    if (eq < 1) throw new Error(`not a KEY=VALUE line: ${line}`);
    values[trimmed.slice(0, eq)] = trimmed.slice(eq + 1);
  }
  return values;
}

/** Compose's variable interpolation: $VAR, ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}, $$. */
function interpolate<T>(value: T, env: Record<string, string>): T {
  if (typeof value === "string") {
    return value.replace(
      /\$(?:(\$)|\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}|([A-Za-z_][A-Za-z0-9_]*))/g,
      (_match, dollar?: string, braced?: string, operator?: string, argument?: string, bare?: string) => {
        if (dollar) return "$";
        const name = (braced ?? bare) as string;
        const current = env[name];
        const missing = operator?.startsWith(":") ? !current : current === undefined;
        if (!missing) return current as string;
        if (operator?.endsWith("?"))
          throw new Error(`required variable ${name} is missing a value: ${argument}`);
        if (operator?.endsWith("-")) return argument ?? "";
        return "";
      },
    ) as T;
  }
  if (Array.isArray(value)) return value.map((item) => interpolate(item, env)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, env)])) as T;
  }
  return value;
}

function environmentOf(service: Service): Record<string, string> {
  const environment = service.environment ?? {};
  if (Array.isArray(environment)) {
    return Object.fromEntries(
      environment.map((entry) => entry.split(/=(.*)/s).slice(0, 2) as [string, string]),
    );
  }
  return Object.fromEntries(Object.entries(environment).map(([k, v]) => [k, v === null ? "" : String(v)]));
}

const asList = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

const healthTest = (service: Service) => asList(service.healthcheck?.test);

/** "8080:8080", "127.0.0.1:8082:8080" → host address, host port, container port. */
function parsePort(mapping: string) {
  const parts = mapping.split(":");
  const container = parts.pop();
  const host = parts.pop();
  return { address: parts.pop() ?? "0.0.0.0", host: Number(host), container: Number(container) };
}

/** A deployment's .env: the example, filled in as its comments say. */
function filledEnv(): Record<string, string> {
  return {
    ...parseDotenv(read(".env.example")),
    PARLEY_SECRET_KEY: randomBytes(32).toString("hex"),
    POSTGRES_PASSWORD: randomBytes(16).toString("hex"),
  };
}

describe("compose.yaml", () => {
  it("runs PostgreSQL with pgvector, Redis 7, two API processes and one worker, all Parley from the Dockerfile", () => {
    const { services } = rawCompose();
    expect(Object.keys(services).sort()).toEqual(["api-1", "api-2", "postgres", "redis", "worker"]);
    expect(services.postgres?.image).toBe("pgvector/pgvector:pg17");
    expect(services.redis?.image).toMatch(/^redis:7(-|$)/);

    const built = Object.entries(services).filter(([, service]) => service.build !== undefined);
    expect(built.map(([name]) => name).sort()).toEqual(PARLEY_SERVICES);
    for (const [, service] of built) {
      const context = typeof service.build === "string" ? service.build : service.build?.context;
      expect(context).toBe(".");
    }
    expect(new Set(built.map(([, service]) => service.image)).size).toBe(1);
  });

  it("gives every Parley process the same secret key, database, Redis, public URL and data volume", () => {
    const { services } = rawCompose();
    for (const variable of SHARED_VARIABLES) {
      const values = PARLEY_SERVICES.map((name) => environmentOf(services[name] as Service)[variable]);
      expect(values[0], variable).toBeTruthy();
      expect(new Set(values).size, `${variable} differs between services: ${values.join(" | ")}`).toBe(1);
    }
    const environment = environmentOf(services["api-1"] as Service);
    // One variable of .env, required: never a literal key in the file, never silently empty.
    expect(environment.PARLEY_SECRET_KEY).toMatch(/^\$\{PARLEY_SECRET_KEY:\?[^}]*\}$/);
    expect(environment.DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@postgres:5432\/\w+$/);
    expect(environment.REDIS_URL).toBe("redis://redis:6379");
    for (const name of PARLEY_SERVICES) {
      const service = services[name] as Service;
      expect(asList(service.env_file), name).toContain(".env");
      expect(service.volumes, name).toContain("parley-data:/data");
    }
    expect(rawCompose().volumes).toHaveProperty("parley-data");
  });

  it("splits the roles as the server reads them: two API processes without the job worker, one worker", () => {
    const env = filledEnv();
    const { services } = interpolate(rawCompose(), env);
    const postgres = environmentOf(services.postgres as Service);

    const roles: Record<string, boolean> = {};
    const configs = PARLEY_SERVICES.map((name) => {
      const service = services[name] as Service;
      // env_file first, `environment` over it, as Compose does.
      const config = loadConfig({ ...env, ...environmentOf(service) });
      roles[name] = config.runWorker;
      return config;
    });
    expect(roles).toEqual({ "api-1": false, "api-2": false, worker: true });

    for (const config of configs) {
      expect(config.secretKey).toBe(env.PARLEY_SECRET_KEY);
      expect(config.databaseUrl).toBe(
        `postgres://${postgres.POSTGRES_USER}:${postgres.POSTGRES_PASSWORD}@postgres:5432/${postgres.POSTGRES_DB}`,
      );
      expect(config.redisUrl).toBe("redis://redis:6379");
      expect(config.publicUrl).toBe(env.PARLEY_PUBLIC_URL);
      expect(config.dataDir).toBe("/data");
      expect(config.files.dir).toBe("/data/files");
      expect(config.port).toBe(8080);
    }
    expect(postgres.POSTGRES_PASSWORD).toBe(env.POSTGRES_PASSWORD);
  });

  it("starts Parley once PostgreSQL and Redis are healthy, and checks the health of every service", () => {
    const { services } = rawCompose();
    for (const [name, service] of Object.entries(services)) {
      expect(healthTest(service).length, `${name} has a healthcheck`).toBeGreaterThan(1);
    }
    expect(healthTest(services.postgres as Service).join(" ")).toContain("pg_isready");
    expect(healthTest(services.redis as Service).join(" ")).toContain("redis-cli ping");

    for (const name of PARLEY_SERVICES) {
      const service = services[name] as Service;
      expect(healthTest(service).join(" "), name).toContain("/readyz");
      expect(service.depends_on, name).toEqual({
        postgres: { condition: "service_healthy" },
        redis: { condition: "service_healthy" },
      });
      // Longer than the server's default PARLEY_SHUTDOWN_TIMEOUT_MS (10 s): a stop stays graceful.
      expect(Number(/^(\d+)s$/.exec(service.stop_grace_period ?? "")?.[1]), name).toBeGreaterThan(10);
    }
  });

  it("publishes each Parley process on a host port of its own, the worker too, on loopback only", () => {
    const { services } = rawCompose();
    const ports = Object.fromEntries(
      PARLEY_SERVICES.map((name) => [name, (services[name]?.ports ?? []).map(parsePort)]),
    );
    for (const name of PARLEY_SERVICES) {
      expect(ports[name], name).toHaveLength(1);
      expect(ports[name]?.[0]?.container, name).toBe(8080);
    }
    const hostPorts = PARLEY_SERVICES.map((name) => ports[name]?.[0]?.host);
    expect(new Set(hostPorts).size).toBe(PARLEY_SERVICES.length);
    // Not on the internet by default: /metrics and plain HTTP go behind the operator's own proxy.
    for (const name of PARLEY_SERVICES) expect(ports[name]?.[0]?.address, name).toBe("127.0.0.1");
    expect(services.postgres?.ports).toBeUndefined();
    expect(services.redis?.ports).toBeUndefined();
  });

  it("keeps PostgreSQL's data in a named volume", () => {
    const compose = rawCompose();
    expect(compose.volumes).toHaveProperty("postgres-data");
    expect(compose.services.postgres?.volumes).toContain("postgres-data:/var/lib/postgresql/data");
  });
});

describe(".env.example", () => {
  it("names every variable compose.yaml requires, holds no secret, and does not start unedited", () => {
    const example = parseDotenv(read(".env.example"));
    const required = [...read("compose.yaml").matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*):\?/g)].map((m) => m[1]);
    expect(new Set(required)).toEqual(
      new Set(["PARLEY_SECRET_KEY", "POSTGRES_PASSWORD", "PARLEY_PUBLIC_URL"]),
    );
    for (const name of required) expect(Object.keys(example)).toContain(name);

    for (const [name, value] of Object.entries(example)) {
      if (/KEY|PASSWORD|SECRET|TOKEN/.test(name))
        expect(value, `${name} must be empty in the example`).toBe("");
    }
    expect(read(".env.example")).toContain("openssl rand -hex 32");
    expect(() => interpolate(rawCompose(), example)).toThrow(/PARLEY_SECRET_KEY|POSTGRES_PASSWORD/);
  });
});

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions by stage: continuation lines joined, comments dropped. */
function dockerfileStages(): { args: Record<string, string>; stages: Instruction[][] } {
  const lines = read("Dockerfile")
    .split("\n")
    .filter((line) => !line.trim().startsWith("#"));
  const instructions: Instruction[] = [];
  let pending = "";
  for (const line of lines) {
    pending += line.trimEnd();
    if (pending.endsWith("\\")) {
      pending = `${pending.slice(0, -1)} `;
      continue;
    }
    const match = /^\s*([A-Za-z]+)\s+(.*)$/.exec(pending);
    if (match)
      instructions.push({ keyword: (match[1] as string).toUpperCase(), args: (match[2] as string).trim() });
    pending = "";
  }
  const args: Record<string, string> = {};
  const stages: Instruction[][] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === "FROM") stages.push([]);
    if (stages.length === 0 && instruction.keyword === "ARG") {
      const [name, value] = instruction.args.split("=");
      args[name as string] = value ?? "";
    }
    stages.at(-1)?.push(instruction);
  }
  return { args, stages };
}

const find = (stage: Instruction[], keyword: string) => stage.filter((i) => i.keyword === keyword);

/** An exec-form (JSON array) argument, e.g. of CMD or HEALTHCHECK … CMD. */
const execForm = (text: string) => JSON.parse(text.slice(text.indexOf("["))) as string[];

describe("npm ci needs no compiler", () => {
  it("only the install scripts package.json allows run, and better-sqlite3 ships the image's platforms", () => {
    const manifest = JSON.parse(read("package.json")) as { allowScripts: Record<string, boolean> };
    const lock = JSON.parse(read("package-lock.json")) as {
      packages: Record<string, { hasInstallScript?: boolean }>;
    };
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length));
    expect(withScripts.filter((name) => manifest.allowScripts[name] !== true)).toEqual([]);
    // Its binding.gyp is for building it by hand; npm builds nothing (`gypfile: false`).
    const sqlite = JSON.parse(read("node_modules/better-sqlite3/package.json")) as { gypfile?: boolean };
    expect(sqlite.gypfile).toBe(false);
    for (const platform of ["linux-x64", "linux-arm64"]) {
      expect(
        existsSync(join(ROOT, "node_modules/better-sqlite3/prebuilds", `${platform}.node`)),
        platform,
      ).toBe(true);
    }
  });
});

describe("Dockerfile", () => {
  const { args, stages } = dockerfileStages();
  const build = stages[0] ?? [];
  const runtime = stages.at(-1) ?? [];

  it("is a multi-stage build on the Node.js line CI runs the full suite on: npm ci in the build stage, no toolchain at run time", () => {
    // One line everywhere: .ci/run's full suite, the image, and package.json's minimum.
    const ciLine = /^FULL_SUITE_NODE=(\d+)$/m.exec(read(".ci/run"))?.[1];
    expect(ciLine).toBe("24");
    expect(JSON.parse(read("package.json")).engines.node).toBe(`>=${ciLine}`);
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) {
      const from = (stage[0] as Instruction).args.replace(
        /\$\{(\w+)\}/g,
        (_m, name: string) => args[name] ?? "",
      );
      expect(from).toMatch(new RegExp(`^node:${ciLine}-bookworm-slim AS \\w+$`));
    }
    expect(build[0]?.args).toMatch(/ AS build$/);
    const buildRuns = find(build, "RUN")
      .map((i) => i.args)
      .join("\n");
    // No toolchain in either stage: nothing in the dependencies compiles (below).
    expect(buildRuns).not.toMatch(/apt-get|python3|g\+\+/);
    expect(buildRuns).toContain("npm ci");
    expect(buildRuns).toContain("npm prune --omit=dev");

    const runtimeRuns = find(runtime, "RUN")
      .map((i) => i.args)
      .join("\n");
    expect(runtimeRuns).not.toMatch(/npm (ci|install)|apt-get/);
    const copied = find(runtime, "COPY").map((i) => i.args);
    for (const path of [
      "/app/node_modules",
      "/app/src",
      "/app/console/dist",
      "/app/widget/dist",
      "/app/package.json",
    ]) {
      expect(
        copied.some((c) => c.startsWith("--from=build ") && c.includes(`${path} `)),
        path,
      ).toBe(true);
    }
  });

  it("runs as a non-root user, keeps its data in /data, exposes 8080 and checks /readyz", () => {
    const users = find(runtime, "USER");
    const user = users.at(-1)?.args.split(":")[0];
    expect(user).toBeDefined();
    expect(["root", "0"]).not.toContain(user);
    expect(runtime.findIndex((i) => i.keyword === "USER")).toBeGreaterThan(
      runtime.findLastIndex((i) => i.keyword === "RUN"),
    );

    expect(
      find(runtime, "ENV")
        .map((i) => i.args)
        .join(" "),
    ).toMatch(/\bDATA_DIR=\/data\b/);
    expect(find(runtime, "VOLUME").map((i) => i.args)).toContain("/data");
    expect(find(runtime, "EXPOSE").map((i) => i.args)).toContain("8080");

    const healthchecks = find(runtime, "HEALTHCHECK");
    expect(healthchecks).toHaveLength(1);
    const command = execForm(healthchecks[0]?.args ?? "");
    expect(command.slice(0, 2)).toEqual(["node", "-e"]);
    expect(command[2]).toContain("/readyz");
  });

  it("runs what `npm start` runs, and compose.yaml checks health with the image's own command", () => {
    const start = startCommand(ROOT);
    const cmd = find(runtime, "CMD");
    expect(cmd).toHaveLength(1);
    expect(execForm(cmd[0]?.args ?? "")).toEqual(["node", ...start.args]);
    const env = find(runtime, "ENV")
      .map((i) => i.args)
      .join(" ");
    for (const [name, value] of Object.entries(start.env))
      expect(env).toMatch(new RegExp(`\\b${name}=${value}\\b`));
    expect(find(runtime, "ENTRYPOINT")).toHaveLength(0);

    const imageCheck = execForm(find(runtime, "HEALTHCHECK")[0]?.args ?? "");
    for (const name of PARLEY_SERVICES) {
      expect(healthTest(rawCompose().services[name] as Service)).toEqual(["CMD", ...imageCheck]);
    }
  });
});

describe(".dockerignore", () => {
  it("leaves out dependencies, builds, data, secrets and the repository", () => {
    const entries = read(".dockerignore")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("#"));
    for (const entry of [
      "node_modules",
      "data",
      "dist",
      "console/dist",
      "widget/dist",
      ".git",
      "coverage",
      "*.log",
      ".env",
    ]) {
      expect(entries).toContain(entry);
    }
  });
});

describe("the health check command", () => {
  const [, , script] = execForm(find(dockerfileStages().stages.at(-1) ?? [], "HEALTHCHECK")[0]?.args ?? "");

  /** Runs the image's health check as Docker would, with PORT as the container has it. */
  const check = (port: number) =>
    new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, ["-e", script as string], {
        env: { ...process.env, PORT: String(port) },
        stdio: "ignore",
      });
      child.once("error", reject);
      child.once("exit", (code) => resolve(code));
    });

  it("passes when /readyz answers 200, fails on 503 and when nothing listens", async () => {
    let status = 200;
    const asked: string[] = [];
    const server = createServer((req, res) => {
      asked.push(req.url ?? "");
      res.writeHead(req.url === "/readyz" ? status : 404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      expect(await check(port)).toBe(0);
      status = 503;
      expect(await check(port)).toBe(1);
      expect(asked).toEqual(["/readyz", "/readyz"]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(await check(await freePort())).toBe(1);
  });
});
