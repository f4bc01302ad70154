import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import {
  APICallError,
  embed,
  embedMany,
  generateText,
  type LanguageModel,
  stepCountIs,
  streamText,
  type TextStreamPart,
  type ToolSet,
  tool,
  experimental_transcribe as transcribe,
} from "ai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  countingTranscriber,
  type FakeOpenAI,
  lastUserText,
  startFakeOpenAI,
  systemText,
} from "./fake-openai-server.js";

let fake: FakeOpenAI;

beforeEach(async () => {
  fake = await startFakeOpenAI();
});

afterEach(async () => {
  await fake.close();
});

const openaiChat = () => createOpenAI({ baseURL: fake.baseUrl, apiKey: "test" }).chat("gpt-5");
const compatibleChat = () =>
  createOpenAICompatible({ name: "local", baseURL: fake.baseUrl, apiKey: "x" }).chatModel("m");

async function collect<T extends ToolSet>(stream: AsyncIterable<TextStreamPart<T>>) {
  const parts: TextStreamPart<T>[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

function cosine(a: number[], b: number[]): number {
  return a.reduce((sum, value, index) => sum + value * b[index]!, 0);
}

describe("streaming chat completions", () => {
  it("delivers the configured deltas, finish reason and usage through openai.chat()", async () => {
    fake.enqueue({ chunks: ["Hel", "lo", " world"], usage: { prompt_tokens: 7, completion_tokens: 3 } });

    const result = streamText({ model: openaiChat(), system: "Be brief.", prompt: "Say hello" });
    const parts = await collect(result.fullStream);

    expect(parts.filter((part) => part.type === "text-delta").map((part) => part.text)).toEqual([
      "Hel",
      "lo",
      " world",
    ]);
    const finish = parts.find((part) => part.type === "finish");
    expect(finish).toMatchObject({ finishReason: "stop", rawFinishReason: "stop" });
    expect(finish?.type === "finish" && finish.totalUsage).toMatchObject({
      inputTokens: 7,
      outputTokens: 3,
      totalTokens: 10,
    });

    const [request] = fake.requests;
    expect(request).toMatchObject({
      method: "POST",
      path: "/v1/chat/completions",
      body: { model: "gpt-5", stream: true, stream_options: { include_usage: true } },
    });
    expect(request!.headers.authorization).toBe("Bearer test");
    expect(lastUserText(request!)).toBe("Say hello");
    // gpt-5 is a reasoning model: the SDK sends the system prompt with role "developer".
    expect(request!.body.messages?.[0]?.role).toBe("developer");
    expect(systemText(request!)).toBe("Be brief.");
  });

  it("echoes the last user message by default, through openai-compatible", async () => {
    const result = streamText({
      model: compatibleChat(),
      allowSystemInMessages: true,
      messages: [
        { role: "system", content: "You are a parrot." },
        { role: "user", content: "first" },
        { role: "assistant", content: "Echo: first" },
        { role: "user", content: "second question" },
      ],
    });

    expect(await result.text).toBe("Echo: second question");
    expect(await result.finishReason).toBe("stop");
    const [request] = fake.requests;
    expect(systemText(request!)).toBe("You are a parrot.");
    // openai-compatible only asks for usage when created with includeUsage: true.
    expect(request!.body.stream_options).toBeUndefined();
    expect((await result.usage).inputTokens).toBeUndefined();
  });

  it("sends usage to openai-compatible when it asks for it", async () => {
    fake.enqueue({ text: "counted", usage: { prompt_tokens: 11, completion_tokens: 2 } });
    const model = createOpenAICompatible({
      name: "local",
      baseURL: fake.baseUrl,
      apiKey: "x",
      includeUsage: true,
    }).chatModel("m");

    const result = streamText({ model, prompt: "count" });

    expect(await result.text).toBe("counted");
    expect(await result.usage).toMatchObject({ inputTokens: 11, outputTokens: 2 });
    expect(fake.requests[0]!.body.stream_options).toEqual({ include_usage: true });
  });

  it("waits before the first byte and before each further chunk, in that order", async () => {
    // Each wait is held until the test lets it go: the order of waits and chunks is checked, not
    // the clock (a loaded machine stretches any gap).
    const held: Array<{ ms: number; go: () => void }> = [];
    let waiting: (() => void) | undefined;
    const paced = await startFakeOpenAI({
      wait: (ms) =>
        new Promise<void>((go) => {
          held.push({ ms, go });
          waiting?.();
        }),
    });
    const nextWait = async () => {
      while (held.length === 0) await new Promise<void>((resolve) => (waiting = resolve));
      return held.shift()!;
    };
    try {
      paced.enqueue({ chunks: ["a", "b"], delayMs: 40, chunkDelayMs: 20 });
      const model = createOpenAI({ baseURL: paced.baseUrl, apiKey: "test" }).chat("gpt-5");
      const parts = streamText({ model, prompt: "slow" }).fullStream[Symbol.asyncIterator]();
      const nextDelta = async () => {
        for (;;) {
          const { value, done } = await parts.next();
          if (done) return undefined;
          if (value.type === "text-delta") return value.text;
        }
      };

      const first = nextDelta();
      const beforeHeaders = await nextWait();
      expect(beforeHeaders.ms).toBe(40);
      beforeHeaders.go();
      // The role chunk goes out at once; the first delta only after the chunk delay.
      const beforeA = await nextWait();
      expect(beforeA.ms).toBe(20);
      beforeA.go();
      expect(await first).toBe("a");
      const second = nextDelta();
      const beforeB = await nextWait();
      expect(beforeB.ms).toBe(20);
      beforeB.go();
      expect(await second).toBe("b");
      // The finish chunk (and the usage chunk openai.chat() asks for) wait their turn too.
      const end = nextDelta().then(() => "ended" as const);
      const after: number[] = [];
      for (;;) {
        const next = await Promise.race([end, nextWait()]);
        if (next === "ended") break;
        after.push(next.ms);
        next.go();
      }
      expect(after).toEqual([20, 20]);
      expect(held).toEqual([]);
    } finally {
      await paced.close();
    }
  });

  it("hangs after N chunks until the client gives up", async () => {
    // Event 1 is the role chunk, event 2 the first delta; then nothing.
    fake.enqueue({ chunks: ["partial ", "never"], hangAfterChunks: 2 });

    const result = streamText({ model: openaiChat(), prompt: "hang", timeout: { chunkMs: 80 } });
    const parts = await collect(result.fullStream);

    expect(parts.filter((part) => part.type === "text-delta").map((part) => part.text)).toEqual(["partial "]);
    expect(parts.at(-1)).toEqual({ type: "abort", reason: "Chunk timeout of 80ms exceeded" });
  });

  it("needs a step timeout for a stall before the first token", async () => {
    // openai.chat() reads ahead to the first output chunk inside doStream, and chunkMs only
    // starts counting after doStream returns: a stall right after the role chunk escapes it.
    fake.enqueue({ text: "never", hangAfterChunks: 1 });

    const result = streamText({ model: openaiChat(), prompt: "hang", timeout: { chunkMs: 50, stepMs: 80 } });
    const parts = await collect(result.fullStream);

    expect(parts.map((part) => part.type)).toEqual(["start", "abort"]);
    expect(parts.at(-1)).toMatchObject({ reason: "Step timeout of 80ms exceeded" });
  });

  it("closes promptly while a response hangs", async () => {
    fake.enqueue({ text: "never", hangAfterChunks: 0 }, { text: "never", hangAfterChunks: 0 });
    const post = (stream: boolean) =>
      fetch(`${fake.baseUrl}/chat/completions`, {
        method: "POST",
        headers: { authorization: "Bearer k", "content-type": "application/json" },
        body: JSON.stringify({ model: "m", stream, messages: [{ role: "user", content: "hi" }] }),
      });
    const streaming = await post(true);
    const plain = post(false).catch((error: unknown) => error);
    while (fake.requests.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));

    await fake.close();

    expect(streaming.status).toBe(200);
    await expect(streaming.text()).rejects.toThrow();
    expect(await plain).toBeInstanceOf(Error);
  });
});

describe("tool calls", () => {
  const providers: [string, () => LanguageModel][] = [
    ["openai.chat", openaiChat],
    ["openai-compatible", compatibleChat],
  ];

  it.each(providers)("round-trips a tool call with %s", async (_name, model) => {
    const calls: { city: string }[] = [];
    const weather = tool({
      description: "Current weather in a city",
      inputSchema: z.object({ city: z.string() }),
      execute: async (input) => {
        calls.push(input);
        return { city: input.city, sky: "sunny", celsius: 21 };
      },
    });
    fake.enqueue(
      { toolCalls: [{ id: "call_1", name: "weather", arguments: { city: "Paris" } }] },
      { text: "It is sunny in Paris." },
    );

    const result = streamText({
      model: model(),
      prompt: "Weather in Paris?",
      tools: { weather },
      stopWhen: stepCountIs(3),
    });
    const parts = await collect(result.fullStream);

    // SDK side.
    expect(calls).toEqual([{ city: "Paris" }]);
    expect(parts.find((part) => part.type === "tool-input-start")).toMatchObject({
      id: "call_1",
      toolName: "weather",
    });
    const argumentText = parts
      .filter((part) => part.type === "tool-input-delta")
      .map((part) => part.delta)
      .join("");
    expect(JSON.parse(argumentText)).toEqual({ city: "Paris" });
    expect(parts.find((part) => part.type === "tool-call")).toMatchObject({
      toolCallId: "call_1",
      toolName: "weather",
      input: { city: "Paris" },
    });
    expect(parts.find((part) => part.type === "tool-result")).toMatchObject({
      toolCallId: "call_1",
      toolName: "weather",
      input: { city: "Paris" },
      output: { city: "Paris", sky: "sunny", celsius: 21 },
    });
    expect(parts.filter((part) => part.type === "finish-step").map((part) => part.finishReason)).toEqual([
      "tool-calls",
      "stop",
    ]);
    expect(parts.at(-1)).toMatchObject({ type: "finish", finishReason: "stop" });
    expect(await result.text).toBe("It is sunny in Paris.");

    // Wire side.
    expect(fake.requests).toHaveLength(2);
    const [first, second] = fake.requests;
    expect(first!.body.tools).toEqual([
      expect.objectContaining({
        type: "function",
        function: expect.objectContaining({ name: "weather", description: "Current weather in a city" }),
      }),
    ]);
    const messages = second!.body.messages ?? [];
    expect(messages.at(-2)).toMatchObject({
      role: "assistant",
      tool_calls: [{ id: "call_1", type: "function", function: { name: "weather" } }],
    });
    expect(JSON.parse(messages.at(-2)!.tool_calls![0]!.function.arguments)).toEqual({ city: "Paris" });
    expect(messages.at(-1)).toMatchObject({ role: "tool", tool_call_id: "call_1" });
    expect(JSON.parse(messages.at(-1)!.content as string)).toEqual({
      city: "Paris",
      sky: "sunny",
      celsius: 21,
    });
  });

  it("round-trips a tool call without streaming", async () => {
    const add = tool({
      inputSchema: z.object({ a: z.number(), b: z.number() }),
      execute: async ({ a, b }) => a + b,
    });
    fake.respondWith((request) => {
      const toolMessage = request.body.messages?.find((message) => message.role === "tool");
      return toolMessage
        ? { text: `The sum is ${toolMessage.content}.` }
        : { toolCalls: [{ name: "add", arguments: { a: 2, b: 3 } }] };
    });

    const result = await generateText({
      model: openaiChat(),
      prompt: "2 + 3?",
      tools: { add },
      stopWhen: stepCountIs(3),
    });

    expect(result.text).toBe("The sum is 5.");
    expect(result.steps[0]!.toolResults).toMatchObject([{ toolName: "add", output: 5 }]);
    expect(fake.requests.map((request) => request.body.stream)).toEqual([undefined, undefined]);
  });
});

describe("errors and retries", () => {
  it("retries a 500 and then succeeds", async () => {
    // retry-after 0 keeps the test fast: without it the SDK backs off 2 s.
    fake.enqueue({ status: 500, retryAfterSeconds: 0 }, { text: "recovered" });

    const result = streamText({ model: openaiChat(), prompt: "hi", maxRetries: 1 });

    expect(await result.text).toBe("recovered");
    expect(fake.requests).toHaveLength(2);
  });

  it("honours retry-after on a 429", async () => {
    fake.enqueue({ status: 429, headers: { "retry-after": "0.08" } }, { text: "after the wait" });

    const result = streamText({ model: compatibleChat(), prompt: "hi", maxRetries: 2 });

    expect(await result.text).toBe("after the wait");
    const [first, second] = fake.requests;
    expect(second!.receivedAt - first!.receivedAt).toBeGreaterThanOrEqual(70);
  });

  it("prefers retry-after-ms and surfaces the error body when retries run out", async () => {
    fake.enqueue({ status: 429, retryAfterSeconds: 0.01 }, { status: 429, retryAfterSeconds: 0.01 });

    const failure = await generateText({ model: openaiChat(), prompt: "hi", maxRetries: 1 }).catch(
      (error: unknown) => error,
    );

    expect(fake.requests).toHaveLength(2);
    expect(failure).toMatchObject({ reason: "maxRetriesExceeded" });
    const last = (failure as { lastError: unknown }).lastError;
    expect(APICallError.isInstance(last)).toBe(true);
    expect(last).toMatchObject({
      statusCode: 429,
      isRetryable: true,
      responseHeaders: { "retry-after": "0.01", "retry-after-ms": "10" },
      message: "Rate limit reached for requests. Please try again in 1s.",
    });
  });

  it("does not retry a 400", async () => {
    fake.enqueue({ status: 400, errorMessage: "bad tool schema" });

    const failure = await generateText({ model: openaiChat(), prompt: "hi", maxRetries: 2 }).catch(
      (error: unknown) => error,
    );

    expect(fake.requests).toHaveLength(1);
    expect(failure).toMatchObject({ statusCode: 400, message: "bad tool schema", isRetryable: false });
  });

  it("answers 401 without a bearer token and 404 on unknown paths", async () => {
    const anonymous = await fetch(`${fake.baseUrl}/models`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { code: "invalid_api_key" } });

    const headers = { authorization: "Bearer k" };
    const models = await fetch(`${fake.baseUrl}/models`, { headers });
    expect(models.status).toBe(200);
    expect(await models.json()).toMatchObject({
      object: "list",
      data: expect.arrayContaining([expect.objectContaining({ id: "gpt-5", object: "model" })]),
    });

    const missing = await fetch(`${fake.baseUrl}/responses`, { method: "POST", headers, body: "{}" });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({
      error: { type: "invalid_request_error", message: expect.any(String) },
    });
    expect(fake.requests.map((request) => request.path)).toEqual([
      "/v1/models",
      "/v1/models",
      "/v1/responses",
    ]);
  });
});

describe("non-streaming chat completions", () => {
  it("answers generateText with a chat.completion object", async () => {
    fake.enqueue({
      text: "cut sh",
      finishReason: "length",
      usage: { prompt_tokens: 5, completion_tokens: 2 },
    });

    const result = await generateText({ model: openaiChat(), prompt: "Write a lot" });

    expect(result.text).toBe("cut sh");
    expect(result.finishReason).toBe("length");
    expect(result.usage).toMatchObject({ inputTokens: 5, outputTokens: 2, totalTokens: 7 });
    expect(result.response.id).toBe("chatcmpl-fake-1");
    expect(fake.requests[0]!.body.stream).toBeUndefined();
  });

  it("lets the queue take precedence over the responder", async () => {
    fake.respondWith((request) => ({ text: `responder saw ${lastUserText(request)}` }));
    fake.enqueue({ text: "queued" });

    const first = await generateText({ model: compatibleChat(), prompt: "one" });
    const second = await generateText({ model: compatibleChat(), prompt: "two" });

    expect([first.text, second.text]).toEqual(["queued", "responder saw two"]);
  });
});

describe("embeddings", () => {
  const embeddingModel = () =>
    createOpenAI({ baseURL: fake.baseUrl, apiKey: "test" }).embeddingModel("text-embedding-3-small");

  it("returns deterministic normalised vectors with usage", async () => {
    const first = await embed({ model: embeddingModel(), value: "The cat sat on the mat" });
    const again = await embed({ model: embeddingModel(), value: "The cat sat on the mat" });

    expect(first.embedding).toHaveLength(64);
    expect(first.embedding).toEqual(again.embedding);
    expect(cosine(first.embedding, first.embedding)).toBeCloseTo(1, 10);
    expect(first.usage.tokens).toBeGreaterThan(0);
    expect(fake.requests[0]).toMatchObject({
      path: "/v1/embeddings",
      body: { model: "text-embedding-3-small", input: ["The cat sat on the mat"], encoding_format: "float" },
    });
  });

  it("ranks texts sharing words above unrelated ones and honours dimensions", async () => {
    const { embeddings } = await embedMany({
      model: embeddingModel(),
      values: ["refund policy for orders", "how do I get a refund for my order", "weather in Paris tomorrow"],
      providerOptions: { openai: { dimensions: 256 } },
    });

    expect(embeddings.map((vector) => vector.length)).toEqual([256, 256, 256]);
    const [query, related, unrelated] = embeddings as [number[], number[], number[]];
    expect(cosine(query, related)).toBeGreaterThan(cosine(query, unrelated));
    expect(fake.requests[0]!.body.dimensions).toBe(256);
  });
});

describe("audio transcriptions", () => {
  const whisper = () => createOpenAI({ baseURL: fake.baseUrl, apiKey: "test" }).transcription("whisper-1");
  const gpt4o = () =>
    createOpenAI({ baseURL: fake.baseUrl, apiKey: "test" }).transcription("gpt-4o-mini-transcribe");
  const ogg = Uint8Array.from([0x4f, 0x67, 0x67, 0x53, 0, 2, 1, 2, 3, 4]);

  it("receives the multipart upload and answers json (OpenAI's default) with the duration in usage", async () => {
    fake.transcribeWith(() => ({ text: "Hello there.", duration: 2.5 }));
    const result = await transcribe({ model: whisper(), audio: ogg });

    expect(result.text).toBe("Hello there.");
    expect(result.durationInSeconds).toBe(3);
    const [request] = fake.requests;
    expect(request).toMatchObject({
      path: "/v1/audio/transcriptions",
      body: { model: "whisper-1" },
      file: { fileName: "audio.ogg", type: "audio/ogg" },
    });
    expect(request?.body.response_format).toBeUndefined();
    expect(request?.file?.bytes).toEqual(Buffer.from(ogg));
  });

  it("answers verbose_json with segments when asked, plain json to models that refuse it", async () => {
    fake.transcribeWith(() => ({ text: "Hello there.", duration: 2.5 }));
    const verbose = await transcribe({ model: whisper(), audio: ogg, providerOptions: { openai: {} } });
    expect(fake.requests[0]?.body.response_format).toBe("verbose_json");
    expect(verbose.durationInSeconds).toBe(2.5);
    expect(verbose.language).toBe("en");
    expect(verbose.segments).toEqual([{ text: "Hello there.", startSecond: 0, endSecond: 2.5 }]);

    fake.transcribeWith(countingTranscriber);
    const plain = await transcribe({ model: gpt4o(), audio: ogg, providerOptions: { openai: {} } });
    expect(fake.requests[1]?.body.response_format).toBe("json");
    expect(plain.text).toBe("A recording of 10 bytes.");
  });

  it("refuses a file in a format OpenAI does not take, and passes errors on", async () => {
    const form = new FormData();
    form.append("model", "whisper-1");
    form.append("file", new Blob([ogg]), "audio.txt");
    const wrongFormat = await fetch(`${fake.baseUrl}/audio/transcriptions`, {
      method: "POST",
      headers: { authorization: "Bearer test" },
      body: form,
    });
    expect(wrongFormat.status).toBe(400);
    expect(((await wrongFormat.json()) as { error: { message: string } }).error.message).toContain(
      "Invalid file format",
    );

    fake.transcribeWith(() => ({ status: 400, errorMessage: "Audio file is too short." }));
    await expect(transcribe({ model: whisper(), audio: ogg, maxRetries: 0 })).rejects.toThrow(
      "Audio file is too short.",
    );
  });
});
