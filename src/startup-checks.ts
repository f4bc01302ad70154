import { accessSync, constants, existsSync, mkdirSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import type { Config } from "./config.js";
import { SECRET_KEY_FILE } from "./infra/secret-key.js";
import { openStorage, ping, type Storage } from "./storage/database.js";

/**
 * What the environment refused at start-up (docs/operations.md, "Start-up"): the port, the
 * data directory, the database. Each is one line naming the setting to fix; the server prints
 * it as `parley: <message>` and exits with status 1, without a stack.
 */
export class StartupError extends Error {
  override name = "StartupError";
}

/** How long the first database round trip may take (an unanswered SYN otherwise waits minutes). */
const DATABASE_ANSWER_MS = 20_000;
/** Network failures: the server was not reached at all, as opposed to refusing us. */
const UNREACHABLE = ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH"];
const SILENCE = Symbol("no answer");

const codeOf = (error: unknown): string | undefined =>
  typeof error === "object" && error && "code" in error ? String(error.code) : undefined;

/** DATABASE_URL for messages: never its password (nor a `password` option). */
export function describeDatabaseUrl(databaseUrl: string): string {
  const url = URL.canParse(databaseUrl) ? new URL(databaseUrl) : undefined;
  // An @ after the host means an unencoded /, ? or # cut the credentials short: parts of the
  // password would show as path, query or fragment.
  if (url && !`${url.pathname}${url.search}${url.hash}`.includes("@")) {
    const hidden = url.password !== "" || url.searchParams.has("password");
    url.password = "";
    url.searchParams.delete("password");
    url.searchParams.delete("sslpassword");
    return `${url.toString()}${hidden ? ", password hidden" : ""}`;
  }
  // Also forms WHATWG URL refuses and libpq takes (postgres://bob@/db?host=/socket): only what
  // follows the last @, without options.
  const scheme = /^[a-z]+:\/\//i.exec(databaseUrl)?.[0] ?? "";
  const at = databaseUrl.lastIndexOf("@");
  const rest = (at >= 0 ? databaseUrl.slice(at + 1) : databaseUrl.slice(scheme.length)).split("?")[0];
  return `${scheme}…@${rest}, user, password and options hidden`;
}

/** Any text with the password of DATABASE_URL blanked out (for errors we did not foresee). */
export function withoutDatabasePassword(text: string, databaseUrl: string | undefined): string {
  if (!databaseUrl) return text;
  // Every reading of the password: the URL parser's, and everything after the user up to the
  // last @ (what a password with an unencoded @ or / really is).
  const url = URL.canParse(databaseUrl) ? new URL(databaseUrl) : undefined;
  const schemeEnd = databaseUrl.indexOf("://") + 3;
  const userinfo = databaseUrl.slice(schemeEnd, Math.max(schemeEnd, databaseUrl.lastIndexOf("@")));
  const raw = [
    url?.password ?? "",
    url?.searchParams.get("password") ?? "",
    userinfo.includes(":") ? userinfo.slice(userinfo.indexOf(":") + 1) : "",
  ];
  const secrets = [...raw, ...raw.map(decoded)].filter(Boolean).sort((a, b) => b.length - a.length);
  let result = text.replaceAll(databaseUrl, "[DATABASE_URL]");
  for (const secret of secrets) result = result.replaceAll(secret, "[hidden]");
  return result;
}

const decoded = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** The listen failure as one line naming PORT or HOST; undefined for anything else. */
export function explainListenError(error: unknown, host: string, port: number): StartupError | undefined {
  const code = codeOf(error);
  if (code === "EADDRINUSE") return new StartupError(`PORT ${port} on ${host} is already in use`);
  if (code === "EACCES")
    return new StartupError(`PORT ${port} on ${host} needs privileges this process lacks (EACCES)`);
  if (code === "EADDRNOTAVAIL")
    return new StartupError(`HOST ${host} is not an address of this machine (${code})`);
  if (code === "ENOTFOUND" || code === "EAI_AGAIN")
    return new StartupError(`HOST ${host} cannot be resolved (${code})`);
  return undefined;
}

/** Binds HOST:PORT and lets go at once: a taken port is reported before anything is created. */
export async function checkPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  await new Promise<void>((done, fail) => {
    probe.once("error", fail);
    probe.listen({ host, port }, () => probe.close(() => done()));
  }).catch((error: unknown) => {
    throw explainListenError(error, host, port) ?? error;
  });
}

/**
 * DATA_DIR, where Parley writes: the SQLite files unless DATABASE_URL is set, and secret.key
 * unless PARLEY_SECRET_KEY is. Created when missing; refused when it cannot be written.
 */
export function checkDataDir(config: Config, sqliteFile: string): void {
  const dir = config.dataDir;
  const label = resolve(dir) === dir ? dir : `${dir} (${resolve(dir)})`;
  const keyFile = join(dir, SECRET_KEY_FILE);
  const usesKeyFile = !config.secretKey;
  if (!config.databaseUrl || (usesKeyFile && !existsSync(keyFile))) {
    if (existsSync(dir) && !statSync(dir).isDirectory()) {
      throw new StartupError(`DATA_DIR ${label} is not a directory`);
    }
    try {
      mkdirSync(dir, { recursive: true });
    } catch (error) {
      throw new StartupError(`DATA_DIR ${label} is not writable (${codeOf(error) ?? String(error)})`);
    }
    mustAccess(dir, constants.W_OK | constants.X_OK, `DATA_DIR ${label} is not writable`);
  }
  if (usesKeyFile)
    mustAccess(keyFile, constants.R_OK, `DATA_DIR ${label}: ${SECRET_KEY_FILE} is not readable`);
  if (config.databaseUrl) return;
  for (const file of [sqliteFile, `${sqliteFile}-wal`, `${sqliteFile}-shm`]) {
    mustAccess(
      join(dir, file),
      constants.R_OK | constants.W_OK,
      `DATA_DIR ${label}: ${file} is not writable`,
    );
  }
}

/** Checks access to a path that exists (a missing one is created later). */
function mustAccess(path: string, mode: number, message: string): void {
  if (!existsSync(path)) return;
  try {
    accessSync(path, mode);
  } catch (error) {
    throw new StartupError(`${message} (${codeOf(error) ?? String(error)})`);
  }
}

/** The database, opened and answering one query; else a StartupError naming DATABASE_URL or DATA_DIR. */
export async function openAnsweringStorage(config: Config, sqlitePath: string): Promise<Storage> {
  const { databaseUrl } = config;
  const explain = (error: unknown) => {
    if (!databaseUrl) {
      return new StartupError(`cannot open the SQLite database ${sqlitePath} in DATA_DIR: ${String(error)}`);
    }
    const code = codeOf(error);
    const unreachable = error === SILENCE || (code !== undefined && UNREACHABLE.includes(code));
    const reason =
      error === SILENCE
        ? `no answer in ${DATABASE_ANSWER_MS / 1000} s`
        : unreachable
          ? code
          : withoutDatabasePassword(error instanceof Error ? error.message : String(error), databaseUrl);
    const where = `PostgreSQL at DATABASE_URL (${describeDatabaseUrl(databaseUrl)})`;
    return new StartupError(`cannot ${unreachable ? "reach" : "connect to"} ${where}: ${reason}`);
  };
  let storage: Storage;
  try {
    storage = openStorage({
      databaseUrl,
      sqlitePath,
      pgPoolSize: config.pgPoolSize,
      busyTimeoutMs: config.databaseBusyTimeoutMs,
    });
  } catch (error) {
    throw explain(error);
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      ping(storage),
      new Promise<never>((_, fail) => {
        timer = setTimeout(() => fail(SILENCE), DATABASE_ANSWER_MS);
      }),
    ]);
    return storage;
  } catch (error) {
    // Not awaited: a pool still waiting on a silent host would hold the exit.
    void storage.close().catch(() => {});
    throw explain(error);
  } finally {
    clearTimeout(timer);
  }
}
