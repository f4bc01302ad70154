import { type ParleyClient, unwrap } from "../../client/src/index.js";

/** A bot, a `parley` integration and an active chat bound to the bot, made through the client. */
export async function activeChatThroughClient(client: ParleyClient) {
  const bot = await unwrap(client.POST("/v1/bots", { body: { name: "Helper" } }));
  const integration = await unwrap(
    client.POST("/v1/integrations", { body: { name: "Web", vendor: "parley", auth_data: {} } }),
  );
  const chat = await unwrap(
    client.POST("/v1/integrations/{id}/chats", {
      params: { path: { id: integration.id } },
      body: { bot_id: bot.id, name: "site" },
    }),
  );
  await unwrap(
    client.POST("/v1/integrations/{id}/chats/{chat_id}/status", {
      params: { path: { id: integration.id, chat_id: chat.id } },
      body: { status: "active" },
    }),
  );
  return { bot, integration, chat };
}

/**
 * A fetch that ends the first thread event stream it opens right after its first event (as a
 * dropped connection would) and records the Last-Event-ID of every event stream request.
 */
export function fetchCuttingFirstEventStream() {
  const lastEventIds: Array<string | null> = [];
  let cut = false;
  const fetchThatCuts = async (request: Request): Promise<Response> => {
    const response = await fetch(request);
    if (!new URL(request.url).pathname.startsWith("/v1/threads/events")) return response;
    lastEventIds.push(request.headers.get("last-event-id"));
    if (cut || !response.body) return response;
    cut = true;
    return new Response(untilFirstEvent(response.body), {
      status: response.status,
      headers: response.headers,
    });
  };
  return { fetch: fetchThatCuts, lastEventIds };
}

/** The stream up to the end of its first frame that carries data, then closed. */
function untilFirstEvent(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  const encoder = new TextEncoder();
  let text = "";
  return new ReadableStream({
    async pull(controller) {
      const { value, done } = await reader.read();
      if (done) return controller.close();
      const start = text.length;
      text += value;
      const dataAt = text.indexOf("data:");
      const end = dataAt === -1 ? -1 : text.indexOf("\n\n", dataAt);
      if (end === -1) return controller.enqueue(encoder.encode(value));
      controller.enqueue(encoder.encode(text.slice(start, end + 2)));
      controller.close();
      await reader.cancel();
    },
    cancel: () => reader.cancel(),
  });
}
