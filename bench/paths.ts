import { Session } from "node:inspector/promises";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { lastUserText, scriptedModel } from "../test/helpers/mock-model.js";
import { freePort } from "../test/helpers/server-process.js";
import { createTestApp } from "../test/helpers/test-app.js";
import { telegramKit } from "../test/vendors/fakes/telegram-fake.js";

/**
 * Which of Parley's files, folders and modules one request runs through (docs/development.md,
 * "A message, file by file"): a Telegram update from the hook to the reply the fake Telegram
 * received, and one streamed reply from the POST to the stream's end, each after a warm-up
 * request of its kind. V8's precise coverage over the request alone: a file counts when one of
 * its functions ran (module-level code, run once at import, does not count); the job worker's
 * and the hub's own loops count, as they carry the request. In-process, SQLite.
 * `BENCH_SUITES=paths npm run bench` (BENCH_PATH_FILES=1 lists the files).
 */
const SRC = fileURLToPath(new URL("../src/", import.meta.url));

interface PathReport {
  files: string[];
  folders: string[];
}

function moduleOf(file: string): string {
  const parts = file.split("/");
  return parts[0] === "modules" ? `modules/${parts[1]}` : parts.length === 1 ? file : parts[0]!;
}

const srcPath = (url: string): string | undefined => {
  if (!url.startsWith("file://")) return undefined;
  const path = fileURLToPath(url);
  return path.startsWith(SRC) ? relative(SRC, path) : undefined;
};

async function trace(session: Session, run: () => Promise<void>): Promise<PathReport> {
  await session.post("Profiler.takePreciseCoverage");
  await run();
  const { result } = await session.post("Profiler.takePreciseCoverage");
  const files = result
    .filter((script) => script.functions.some((fn) => fn.ranges[0]!.count > 0 && fn.functionName !== ""))
    .flatMap((script) => srcPath(script.url) ?? [])
    .sort();
  return { files, folders: [...new Set(files.map((f) => f.split("/").slice(0, -1).join("/") || "."))] };
}

function print(name: string, report: PathReport) {
  const perModule = new Map<string, number>();
  for (const file of report.files) perModule.set(moduleOf(file), (perModule.get(moduleOf(file)) ?? 0) + 1);
  const modules = [...perModule].filter(([m]) => m.startsWith("modules/") || m === "vendors");
  console.log(`\n${name}: ${report.files.length} files in ${report.folders.length} folders`);
  console.log(`  domain modules and vendors (files): ${modules.map(([m, n]) => `${m} ${n}`).join(", ")}`);
  if (process.env.BENCH_PATH_FILES) for (const file of report.files) console.log(`    ${file}`);
}

export async function benchPaths() {
  const fake = await telegramKit.start();
  const port = await freePort();
  const model = scriptedModel((options) => ({ text: `Echo: ${lastUserText(options)}` }));
  const t = await createTestApp({
    dialect: "sqlite",
    env: {
      ...fake.env,
      PARLEY_PUBLIC_URL: `http://127.0.0.1:${port}`,
      PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true",
    },
    modelOverride: () => model.model,
  });
  const session = new Session();
  session.connect();
  try {
    await t.app.listen({ port, host: "127.0.0.1" });
    const bot = (await t.call("POST", "/v1/bots", { body: { name: "Path" } })).json();
    const integration = (
      await t.call("POST", "/v1/integrations", {
        body: { name: "Path", vendor: "telegram", auth_data: fake.authData() },
      })
    ).json();
    const chat = (
      await t.call("POST", `/v1/integrations/${integration.id}/chats`, {
        body: { bot_id: bot.id, name: "c" },
      })
    ).json();
    await t.call("POST", `/v1/integrations/${integration.id}/chats/${chat.id}/status`, {
      body: { status: "active" },
    });
    while (!fake.registeredHookUrl()) await new Promise((resolve) => setTimeout(resolve, 20));
    const hookUrl = fake.registeredHookUrl()!;
    const telegramTurn = async (text: string) => {
      await fake.deliverText({ hookUrl, userId: "7001", userName: "Ann", text });
      while (!fake.sent.some((m) => m.text === `Echo: ${text}`))
        await new Promise((resolve) => setTimeout(resolve, 2));
    };
    const web = (
      await t.call("POST", "/v1/integrations", { body: { name: "Web", vendor: "parley", auth_data: {} } })
    ).json();
    const api = (
      await t.call("POST", `/v1/integrations/${web.id}/chats`, { body: { bot_id: bot.id, name: "web" } })
    ).json();
    await t.call("POST", `/v1/integrations/${web.id}/chats/${api.id}/status`, { body: { status: "active" } });
    const streamTurn = async (text: string) => {
      const response = await fetch(`http://127.0.0.1:${port}/v1/chats/${api.id}/threads/path-1/stream`, {
        method: "POST",
        headers: { authorization: `Bearer ${t.adminKey}`, "content-type": "application/json" },
        body: JSON.stringify({ messages: [{ role: "user", content: text }] }),
      });
      await response.text();
    };
    await session.post("Profiler.enable");
    await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: false });
    // Warm-up: the first request of each kind compiles and caches what later ones reuse.
    await telegramTurn("warm up");
    await streamTurn("warm up");
    print("Telegram update → reply sent", await trace(session, () => telegramTurn("hello")));
    print("stream POST → end of stream", await trace(session, () => streamTurn("hello")));
  } finally {
    session.disconnect();
    await t.close();
    await fake.close();
  }
}
