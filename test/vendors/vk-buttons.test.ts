import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { InboundMessage, OutboundButton } from "../../src/vendors/contract/channel.js";
import { ChannelError } from "../../src/vendors/contract/channel-error.js";
import type { VendorContext } from "../../src/vendors/contract/vendor-context.js";
import type { VkAuthData } from "../../src/vendors/vk/auth-data.js";
import { vk as vkVendor } from "../../src/vendors/vk/index.js";
import { randomIdFor } from "../../src/vendors/vk/send.js";
import { adapterHookServer } from "./adapter-hook-server.js";
import { VkFake } from "./fakes/vk-fake.js";

const GROUP_ID = 218_372_914;
const SECRET = "sx_vk_buttons_secret";

let fake: VkFake;
let hook: Awaited<ReturnType<typeof adapterHookServer<VkAuthData>>>;

function context(): VendorContext<VkAuthData> {
  const state: Record<string, unknown> = {};
  return {
    integration: { id: "int_test", name: "VK buttons" },
    authData: { access_token: fake.token, group_id: GROUP_ID, secret: SECRET, confirmation_code: "c0de" },
    state,
    saveState: (patch) => void Object.assign(state, patch),
    settings: {},
    apiBaseUrl: fake.baseUrl,
    hookUrl: hook.url,
    fetch: globalThis.fetch,
  };
}

beforeEach(async () => {
  fake = await VkFake.start();
  hook = await adapterHookServer(vkVendor.channel, "vk", context);
  // The callback server as setUpWebhook would register it, with the secret auth_data names.
  await vkVendor.channel.setUpWebhook(context());
});

afterEach(async () => {
  await hook.close();
  await fake.close();
});

const reply = (id: string, label: string): OutboundButton => ({ kind: "reply", id, label });
const link = (label: string, url: string): OutboundButton => ({ kind: "link", label, url });

function send(buttons: OutboundButton[], conversationId = "1000001", key = "msg_b:0") {
  return vkVendor.channel.send(context(), {
    conversationId,
    text: "Pick a size",
    buttons,
    idempotencyKey: key,
  });
}

/** The keyboard of the last messages.send, parsed back from its JSON string. */
function lastKeyboard(): unknown {
  const raw = fake.callsOf("messages.send").at(-1)?.params.keyboard;
  return raw === undefined ? undefined : JSON.parse(raw);
}

/** The message the adapter made of the last event the fake posted. */
async function lastInbound(): Promise<InboundMessage | undefined> {
  const result = await vkVendor.channel.parseInbound(context(), hook.captured.at(-1)!);
  if (result.kind !== "accepted") throw new Error("the press was rejected");
  return result.messages[0];
}

describe("vk buttons: the capability", () => {
  it("declares an inline keyboard of up to 10 buttons with 40-character labels and links", () => {
    expect(vkVendor.channel.buttons).toEqual({ max: 10, labelMax: 40, links: true });
  });
});

describe("vk buttons: sending", () => {
  it("sends reply buttons as an inline keyboard of text buttons, one per row, with the id in the payload", async () => {
    await send([reply("size_s", "Small"), reply("size_m", "Medium")]);
    expect(lastKeyboard()).toEqual({
      inline: true,
      buttons: [
        [{ action: { type: "text", label: "Small", payload: '{"button":"size_s"}' } }],
        [{ action: { type: "text", label: "Medium", payload: '{"button":"size_m"}' } }],
      ],
    });
    expect(fake.sent).toMatchObject([{ conversationId: "1000001", text: "Pick a size" }]);
  });

  it("sends a link as an open_link button", async () => {
    await send([reply("yes", "Yes"), link("Size chart", "https://shop.example/sizes")]);
    expect(lastKeyboard()).toEqual({
      inline: true,
      buttons: [
        [{ action: { type: "text", label: "Yes", payload: '{"button":"yes"}' } }],
        [{ action: { type: "open_link", label: "Size chart", link: "https://shop.example/sizes" } }],
      ],
    });
  });

  it("puts 7 to 10 buttons two to a row, within VK's 6 rows and 10 buttons", async () => {
    const ten = Array.from({ length: 10 }, (_, index) => reply(`o${index}`, `Option ${index}`));
    await send(ten);
    const keyboard = lastKeyboard() as { buttons: unknown[][] };
    expect(keyboard.buttons.map((row) => row.length)).toEqual([2, 2, 2, 2, 2]);
    expect(fake.sent).toHaveLength(1);
  });

  it("the fake refuses what VK refuses: more than 10 inline buttons is error 911", async () => {
    // The core clamps to `max`; past it VK itself says no, and the adapter passes that on.
    const eleven = Array.from({ length: 11 }, (_, index) => reply(`o${index}`, `Option ${index}`));
    const error = await send(eleven).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChannelError);
    expect(error).toMatchObject({ kind: "permanent", code: "vendor_rejected" });
    expect((error as Error).message).toContain("error 911");
    expect(fake.sent).toHaveLength(0);
  });

  it("without buttons sends no keyboard at all", async () => {
    await send([]);
    expect(fake.callsOf("messages.send").at(-1)?.params).not.toHaveProperty("keyboard");
  });

  it("a reply button without an id is refused before calling VK", async () => {
    await expect(send([{ kind: "reply", label: "No id" }])).rejects.toMatchObject({
      kind: "permanent",
      code: "invalid_buttons",
    });
    expect(fake.callsOf("messages.send")).toHaveLength(0);
  });

  it("when the community's bot features are off (912), sends the buttons as text under another random_id", async () => {
    fake.botFeaturesOff = true;
    const result = await send([
      reply("yes", "Yes"),
      reply("no", "No"),
      link("Terms", "https://shop.example/t"),
    ]);
    expect(result.externalMessageId).toMatch(/^\d+$/);
    const calls = fake.callsOf("messages.send");
    expect(calls).toHaveLength(2);
    expect(calls[1]?.params).not.toHaveProperty("keyboard");
    expect(calls[1]?.params.random_id).toBe(String(randomIdFor("msg_b:0:text")));
    expect(fake.sent.map((message) => message.text)).toEqual([
      "Pick a size\n\n1. Yes\n2. No\nTerms: https://shop.example/t",
    ]);
    // A retry of the whole part: VK drops the repeat by its random_id.
    await send([reply("yes", "Yes"), reply("no", "No"), link("Terms", "https://shop.example/t")]);
    expect(fake.sent).toHaveLength(1);
  });
});

describe("vk buttons: a press", () => {
  it("a tap on a text button arrives as message_new with the payload: choice is the id, text the label", async () => {
    await send([reply("size_s", "Small"), reply("size_m", "Medium")]);
    const answer = await fake.pressButton("Medium", { conversationId: "1000001" });
    expect(answer).toMatchObject({ status: 200, body: "ok" });
    const event = JSON.parse(hook.captured.at(-1)!.rawBody);
    expect(event.object.message).toMatchObject({ text: "Medium", payload: '{"button":"size_m"}' });
    expect(await lastInbound()).toMatchObject({
      conversationId: "1000001",
      text: "Medium",
      choice: { buttonId: "size_m" },
    });
  });

  it("in a group chat the community's mention is not part of the label", async () => {
    await send([reply("ok", "Sounds good")], "2000000007");
    await fake.pressButton("Sounds good", { conversationId: "2000000007", userId: "1000002" });
    expect(JSON.parse(hook.captured.at(-1)!.rawBody).object.message.text).toBe(
      `[club${GROUP_ID}|@parley_test] Sounds good`,
    );
    expect(await lastInbound()).toMatchObject({
      conversationId: "2000000007",
      person: { externalId: "1000002" },
      text: "Sounds good",
      choice: { buttonId: "ok" },
    });
  });

  it("a typed message and the community's Start button are no choice", async () => {
    await fake.deliverText({ text: "Medium", conversationId: "1000001" });
    const typed = await lastInbound();
    expect(typed?.text).toBe("Medium");
    expect(typed).not.toHaveProperty("choice");

    await fake.postEvent(
      { hookUrl: hook.url },
      {
        type: "message_new",
        event_id: "start-1",
        v: "5.199",
        object: {
          message: {
            peer_id: 1_000_001,
            from_id: 1_000_001,
            out: 0,
            text: "Start",
            payload: '{"command":"start"}',
          },
        },
      },
    );
    const start = await lastInbound();
    expect(start?.text).toBe("Start");
    expect(start).not.toHaveProperty("choice");
  });
});
