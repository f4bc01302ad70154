// The floor while every model call goes through the AI SDK, as Parley's do: the same bare proxy
// as floor-proxy.mjs, but each turn is the AI SDK's streamText with the `openai` provider's chat
// model (what Parley builds for `openai/<model>`), its text deltas written out as SSE frames
// (one write per loop turn, as Parley's stream does). Plain JavaScript, no tsx. What Parley costs
// beyond this is its own (storage, events, HTTP API, formatting); what this costs beyond the bare
// floor is the SDK's (docs/performance.md).
import { createOpenAI } from "@ai-sdk/openai";
import { streamText } from "ai";
import { serveTurns } from "./turn-proxy.mjs";

const model = createOpenAI({ apiKey: "sk-bench", baseURL: process.env.MODEL_URL }).chat("gpt-5");

serveTurns(async (messages, res) => {
  res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
  res.flushHeaders();
  let corked = false;
  const write = (data) => {
    if (!corked) {
      corked = true;
      res.cork();
      setImmediate(() => {
        corked = false;
        if (!res.writableEnded) res.uncork();
      });
    }
    res.write(`data: ${JSON.stringify(data)}\n\n`);
  };
  let finished;
  try {
    const result = streamText({
      model,
      system: "You are a helpful assistant.",
      messages,
      maxRetries: 0,
      onFinish: (event) => {
        finished = event;
      },
    });
    for await (const part of result.fullStream) {
      if (part.type === "text-delta") write({ type: "text-delta", content: part.text });
      else if (part.type === "error") throw part.error;
    }
    write({ type: "finish", usage: finished?.totalUsage ?? null });
  } catch (error) {
    write({ type: "error", message: String(error) });
  }
  res.end();
});
