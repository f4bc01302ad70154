import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { streamTurn } from "./http-turn.js";
import { pinned } from "./pinning.js";

/**
 * Starts a floor proxy (plain node, pinned like Parley) in front of the fake model and resolves
 * once it prints the port it listens on: `floor-proxy.mjs` (the bare floor) or `sdk-proxy.mjs`
 * (the floor through the AI SDK).
 */
export async function startFloorProxy(
  modelBaseUrl: string,
  proxy: "floor-proxy.mjs" | "sdk-proxy.mjs" = "floor-proxy.mjs",
  /** The `node` binary that runs it (another runtime, to compare); default this one. */
  node = process.execPath,
): Promise<{ child: ChildProcess; base: string }> {
  const script = fileURLToPath(new URL(`./${proxy}`, import.meta.url));
  const [command, args] = pinned(node, [script]);
  const child = spawn(command, args, {
    env: { ...process.env, MODEL_URL: modelBaseUrl, PORT: "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`floor proxy exited (${code})`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      const match = /^listening (\d+)$/.exec(line);
      if (match) resolve(Number(match[1]));
    });
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

/** One turn through the floor proxy; TTFT and total as for Parley (first text, end of stream). */
export function floorTurn(base: string, i: number): Promise<{ ttft: number | null; total: number }> {
  return streamTurn(`${base}/turn`, {}, { messages: [{ role: "user", content: `hello ${i}` }] }, (data) =>
    data.includes('"content":"token'),
  );
}
