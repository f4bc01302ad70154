import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Channel, InboundMessage, OutboundButton } from "../../src/vendors/contract/channel.js";
import { ChannelError } from "../../src/vendors/contract/channel-error.js";
import type { VendorContext } from "../../src/vendors/contract/vendor-context.js";
import { facebook } from "../../src/vendors/facebook/index.js";
import { instagram } from "../../src/vendors/instagram/index.js";
import { partsBeforeButtons, within } from "../../src/vendors/meta/outbound-buttons.js";
import { whatsapp } from "../../src/vendors/whatsapp/index.js";
import { LIST_BUTTON_TEXT } from "../../src/vendors/whatsapp/interactive.js";
import { adapterHookServer } from "./adapter-hook-server.js";
import { type FakeGraph, type MetaProduct, startFakeGraph } from "./fakes/meta-fake.js";

type AnyChannel = Channel<Record<string, unknown>>;
const CHANNELS: Record<MetaProduct, AnyChannel> = {
  whatsapp: whatsapp.channel as unknown as AnyChannel,
  facebook: facebook.channel as unknown as AnyChannel,
  instagram: instagram.channel as unknown as AnyChannel,
};

let fake: FakeGraph;
let channel: AnyChannel;
let hook: Awaited<ReturnType<typeof adapterHookServer<Record<string, unknown>>>>;

function context(): VendorContext<Record<string, unknown>> {
  const state: Record<string, unknown> = {};
  return {
    integration: { id: "int_test", name: "Meta buttons" },
    authData: fake.authData(),
    state,
    saveState: (patch) => void Object.assign(state, patch),
    settings: {},
    apiBaseUrl: fake.apiBaseUrl(),
    hookUrl: hook.url,
    fetch: globalThis.fetch,
  };
}

async function start(product: MetaProduct): Promise<void> {
  fake = await startFakeGraph(product);
  channel = CHANNELS[product];
  hook = await adapterHookServer(channel, product, context);
}

afterEach(async () => {
  await hook.close();
  await fake.close();
});

const reply = (id: string, label: string): OutboundButton => ({ kind: "reply", id, label });
const link = (label: string, url: string): OutboundButton => ({ kind: "link", label, url });
const replies = (count: number) =>
  Array.from({ length: count }, (_, index) => reply(`opt_${index}`, `Option ${index}`));

let part = 0;
function send(text: string, buttons: OutboundButton[]) {
  const conversationId = fake.product.defaultConversationId;
  return channel.send!(context(), { conversationId, text, buttons, idempotencyKey: `msg_b:${part++}` });
}

/** The bodies of the message sends the fake accepted, in order. */
const sentBodies = () => fake.sent.map((message) => message.body as Record<string, unknown>);

async function failure(promise: Promise<unknown>): Promise<ChannelError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ChannelError);
  return error as ChannelError;
}

/** The message the adapter made of the last webhook the fake posted. */
async function lastInbound(): Promise<InboundMessage | undefined> {
  const result = await channel.parseInbound!(context(), hook.captured.at(-1)!);
  if (result.kind !== "accepted") throw new Error("the webhook was rejected");
  return result.messages[0];
}

describe("whatsapp buttons", () => {
  beforeEach(() => start("whatsapp"));

  it("declares up to 10 choices of 20 characters, links included", () => {
    expect(channel.buttons).toEqual({ max: 10, labelMax: 20, links: true });
  });

  it("sends 1–3 reply buttons as an interactive button message, and returns its wamid", async () => {
    const sent = await send("Deliver today?", [reply("yes", "Yes"), reply("later", "Tomorrow")]);
    expect(sentBodies()).toEqual([
      {
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: fake.product.defaultConversationId,
        type: "interactive",
        interactive: {
          type: "button",
          body: { text: "Deliver today?" },
          action: {
            buttons: [
              { type: "reply", reply: { id: "yes", title: "Yes" } },
              { type: "reply", reply: { id: "later", title: "Tomorrow" } },
            ],
          },
        },
      },
    ]);
    expect(sent.externalMessageId).toBe(fake.offers.get(fake.product.defaultConversationId)?.messageId);
  });

  it("sends 4–10 reply buttons as a list with one section", async () => {
    await send("Which store?", replies(5));
    const [body] = sentBodies();
    expect(body?.interactive).toEqual({
      type: "list",
      body: { text: "Which store?" },
      action: {
        button: LIST_BUTTON_TEXT,
        sections: [{ rows: replies(5).map((button) => ({ id: button.id, title: button.label })) }],
      },
    });
  });

  it("sends a lone link as a cta_url button", async () => {
    await send("Track your parcel", [link("Track", "https://shop.example/track/1")]);
    expect(sentBodies()[0]?.interactive).toEqual({
      type: "cta_url",
      body: { text: "Track your parcel" },
      action: { name: "cta_url", parameters: { display_text: "Track", url: "https://shop.example/track/1" } },
    });
  });

  it("writes links beside reply buttons, or several links, into the text", async () => {
    await send("Pay now?", [reply("yes", "Yes"), link("Terms", "https://shop.example/terms")]);
    await send("See", [link("A", "https://a.example"), link("B", "https://b.example")]);
    const [withReplies, linksOnly] = sentBodies();
    expect(withReplies?.interactive).toMatchObject({
      type: "button",
      body: { text: "Pay now?\n\nTerms: https://shop.example/terms" },
    });
    expect(linksOnly).toMatchObject({
      type: "text",
      text: { body: "See\n\nA: https://a.example\nB: https://b.example", preview_url: false },
    });
  });

  it("sends a text longer than an interactive body (1024) first as plain text", async () => {
    const text = `${"Lorem ipsum dolor sit amet. ".repeat(50)}\nWhich one?`;
    await send(text, [reply("a", "A"), reply("b", "B")]);
    const [lead, interactive] = sentBodies();
    expect(lead?.type).toBe("text");
    expect(interactive?.type).toBe("interactive");
    const body = (interactive!.interactive as { body: { text: string } }).body.text;
    expect([...body].length).toBeLessThanOrEqual(1024);
    expect(body.endsWith("Which one?")).toBe(true);
    const leadText = (lead!.text as { body: string }).body;
    expect(`${leadText} ${body}`.replace(/\s+/g, " ")).toBe(text.trim().replace(/\s+/g, " "));
  });

  it("more than 10 choices are refused by WhatsApp (131009), a permanent vendor_rejected", async () => {
    const error = await failure(send("Too many", replies(11)));
    expect(error).toMatchObject({ kind: "permanent", code: "vendor_rejected" });
    expect(error.message).toContain("131009");
    expect(fake.sent).toHaveLength(0);
  });

  it("a title over WhatsApp's limit is refused the same way", async () => {
    const error = await failure(send("Long", [reply("x", "A label of 21 chars!!")]));
    expect(error.message).toContain("131009");
  });

  it("a tapped reply button arrives as button_reply: choice is its id, text its title", async () => {
    await send("Deliver today?", [reply("yes", "Yes"), reply("later", "Tomorrow")]);
    expect((await fake.pressButton(hook.url, "Tomorrow")).status).toBe(200);
    const item = JSON.parse(hook.captured.at(-1)!.rawBody).entry[0].changes[0].value.messages[0];
    expect(item).toMatchObject({
      type: "interactive",
      context: { id: fake.offers.get(fake.product.defaultConversationId)?.messageId },
      interactive: { type: "button_reply", button_reply: { id: "later", title: "Tomorrow" } },
    });
    expect(await lastInbound()).toMatchObject({
      conversationId: fake.product.defaultConversationId,
      text: "Tomorrow",
      choice: { buttonId: "later" },
    });
  });

  it("a chosen list row arrives as list_reply with its id", async () => {
    await send("Which store?", replies(6));
    await fake.pressButton(hook.url, "Option 4");
    expect(await lastInbound()).toMatchObject({ text: "Option 4", choice: { buttonId: "opt_4" } });
  });

  it("a typed answer is no choice", async () => {
    await fake.deliverText({ hookUrl: hook.url, text: "Yes" });
    expect(await lastInbound()).not.toHaveProperty("choice");
  });
});

describe.each(["facebook", "instagram"] as const)("%s buttons", (product) => {
  beforeEach(() => start(product));

  it("declares 13 quick replies of 20 characters, links included", () => {
    expect(channel.buttons).toEqual({ max: 13, labelMax: 20, links: true });
  });

  it("sends reply buttons as quick replies on the text, the id as payload", async () => {
    const sent = await send("Pick a colour", [reply("red", "Red"), reply("green", "Green")]);
    expect(sentBodies()).toEqual([
      {
        recipient: { id: fake.product.defaultConversationId },
        messaging_type: "RESPONSE",
        message: {
          text: "Pick a colour",
          quick_replies: [
            { content_type: "text", title: "Red", payload: "red" },
            { content_type: "text", title: "Green", payload: "green" },
          ],
        },
      },
    ]);
    expect(sent.externalMessageId).toMatch(/^m_/);
  });

  it("sends links alone as a button template of web_url buttons", async () => {
    await send("Our links", [link("Shop", "https://shop.example"), link("Help", "https://help.example")]);
    expect(sentBodies()[0]?.message).toEqual({
      attachment: {
        type: "template",
        payload: {
          template_type: "button",
          text: "Our links",
          buttons: [
            { type: "web_url", url: "https://shop.example", title: "Shop" },
            { type: "web_url", url: "https://help.example", title: "Help" },
          ],
        },
      },
    });
  });

  it("more than 13 quick replies are refused by the Send API (code 100), a permanent vendor_rejected", async () => {
    const error = await failure(send("Too many", replies(14)));
    expect(error).toMatchObject({ kind: "permanent", code: "vendor_rejected" });
    expect(error.message).toContain("Graph API error 100");
    expect(fake.sent).toHaveLength(0);
  });

  it("a tapped quick reply arrives with quick_reply.payload: choice is the id, text the title", async () => {
    await send("Pick a colour", [reply("red", "Red"), reply("green", "Green")]);
    expect((await fake.pressButton(hook.url, "Green")).status).toBe(200);
    const event = JSON.parse(hook.captured.at(-1)!.rawBody).entry[0].messaging[0];
    expect(event.message).toMatchObject({ text: "Green", quick_reply: { payload: "green" } });
    expect(await lastInbound()).toMatchObject({
      conversationId: fake.product.defaultConversationId,
      text: "Green",
      choice: { buttonId: "green" },
    });
  });

  it("a typed answer and a postback are no choice", async () => {
    await fake.deliverText({ hookUrl: hook.url, text: "Green" });
    expect(await lastInbound()).not.toHaveProperty("choice");
    const postback = fake.textEvent(fake.product.defaultConversationId, { text: "" }) as {
      entry: Array<{ messaging: Array<Record<string, unknown>> }>;
    };
    const event = postback.entry[0]!.messaging[0]!;
    delete event.message;
    event.postback = { mid: "m_postback", title: "Get Started", payload: "GET_STARTED" };
    await fake.deliver(hook.url, postback);
    const parsed = await lastInbound();
    expect(parsed?.text).toBe("Get Started");
    expect(parsed).not.toHaveProperty("choice");
  });
});

describe("facebook buttons: links beside replies", () => {
  beforeEach(() => start("facebook"));

  it("sends a button template with the first 3 links, further links in its text, and the replies as its quick replies", async () => {
    const links = [1, 2, 3, 4].map((n) => link(`Link ${n}`, `https://shop.example/${n}`));
    await send("Choose", [reply("yes", "Yes"), ...links]);
    expect(sentBodies()[0]?.message).toEqual({
      attachment: {
        type: "template",
        payload: {
          template_type: "button",
          text: "Choose\n\nLink 4: https://shop.example/4",
          buttons: [1, 2, 3].map((n) => ({
            type: "web_url",
            url: `https://shop.example/${n}`,
            title: `Link ${n}`,
          })),
        },
      },
      quick_replies: [{ content_type: "text", title: "Yes", payload: "yes" }],
    });
    await fake.pressButton(hook.url, "Yes");
    expect(await lastInbound()).toMatchObject({ text: "Yes", choice: { buttonId: "yes" } });
  });

  it("a text longer than a template holds (640) goes first as plain text", async () => {
    const text = `${"Some words here. ".repeat(60)}\nOpen it:`;
    await send(text, [link("Open", "https://shop.example")]);
    const [lead, template] = sentBodies();
    expect(lead?.message).toEqual({ text: expect.any(String) });
    const shown = (template!.message as { attachment: { payload: { text: string } } }).attachment.payload
      .text;
    expect([...shown].length).toBeLessThanOrEqual(640);
    expect(shown.endsWith("Open it:")).toBe(true);
  });
});

describe("instagram buttons: links beside replies", () => {
  beforeEach(() => start("instagram"));

  it("writes the links into the text and keeps the replies as quick replies (no template)", async () => {
    await send("Choose", [reply("yes", "Yes"), link("Shop", "https://shop.example")]);
    expect(sentBodies()[0]?.message).toEqual({
      text: "Choose\n\nShop: https://shop.example",
      quick_replies: [{ content_type: "text", title: "Yes", payload: "yes" }],
    });
  });

  it("keeps each text message within 1000 bytes when the links make it longer", async () => {
    const text = "Привет! ".repeat(70).trim(); // 979 bytes
    await send(text, [reply("yes", "Yes"), link("Shop", "https://shop.example/a/long/path")]);
    const bodies = sentBodies().map((body) => body.message as { text: string; quick_replies?: unknown });
    expect(bodies.length).toBe(2);
    for (const message of bodies) expect(Buffer.byteLength(message.text, "utf8")).toBeLessThanOrEqual(1000);
    expect(bodies[0]).not.toHaveProperty("quick_replies");
    expect(bodies[1]?.quick_replies).toHaveLength(1);
  });
});

describe("text before the buttons' message", () => {
  const last = within({ max: 640, unit: "chars" });
  const plain = within({ max: 1000, unit: "bytes" });

  it("keeps a text that fits whole", () => {
    expect(partsBeforeButtons("Short", last, plain)).toEqual(["Short"]);
  });

  it("cuts at a line break or a space, each part within its limit, nothing lost", () => {
    const text = Array.from({ length: 300 }, (_, index) =>
      index % 10 === 9 ? `word${index}\n` : `word${index} `,
    ).join("");
    const parts = partsBeforeButtons(text, last, plain);
    expect(parts.length).toBeGreaterThan(2);
    expect(last(parts.at(-1)!)).toBe(true);
    for (const part of parts) expect(plain(part)).toBe(true);
    for (const part of parts) expect(part).toMatch(/^word\d+/);
    expect(parts.join(" ").replace(/\s+/g, " ")).toBe(text.trim().replace(/\s+/g, " "));
  });

  it("cuts hard inside a text without spaces, never inside a character", () => {
    const text = "я".repeat(1500);
    const parts = partsBeforeButtons(text, last, plain);
    expect(parts.join("")).toBe(text);
    expect(parts.map((part) => [...part].length)).toEqual([360, 500, 640]);
    for (const part of parts.slice(0, -1)) expect(Buffer.byteLength(part, "utf8")).toBeLessThanOrEqual(1000);
  });
});
