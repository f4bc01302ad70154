// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Embed } from "./embed";
import { eventually, FakeParley, json } from "./fake-parley.test-helper";
import type { KeyValue } from "./store";
import { Widget } from "./widget";

function memoryStorage(): KeyValue & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

let server: FakeParley;
let storage: ReturnType<typeof memoryStorage>;
let widget: Widget;

const embed = (extra: Partial<Embed> = {}): Embed => ({
  chatId: "chat_1",
  base: "https://parley.example",
  identity: null,
  open: false,
  ...extra,
});

async function mount(extra: Partial<Embed> = {}, language = "en-US"): Promise<ShadowRoot> {
  widget = new Widget(embed(extra), {
    fetch: server.fetch,
    storage,
    navigatorLanguage: language,
    backoff: () => 5,
  });
  expect(await widget.mount()).toBe(true);
  return widget.view!.shadow;
}

const $ = (root: ShadowRoot, selector: string) => root.querySelector<HTMLElement>(selector)!;
const messages = (root: ShadowRoot) =>
  Array.from(root.querySelectorAll<HTMLElement>("[part=message]")).map(
    (m) => `${m.dataset.author}:${m.querySelector(".body")!.textContent}`,
  );

function press(target: HTMLElement, key: string, init: KeyboardEventInit = {}) {
  target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...init }));
}

async function type(root: ShadowRoot, text: string) {
  const input = $(root, "[part=input]") as HTMLTextAreaElement;
  input.value = text;
  press(input, "Enter");
}

beforeEach(() => {
  server = new FakeParley();
  storage = memoryStorage();
  document.body.textContent = "";
});

afterEach(() => {
  widget?.stop();
});

describe("widget", () => {
  it("shows a themed launcher in a shadow root and makes no session for a new visitor", async () => {
    const root = await mount();
    const host = document.getElementById("parley-widget")!;
    expect(host.shadowRoot).toBe(root);
    expect(host.getAttribute("style")).toMatch(/all:\s*initial/);
    const launcher = $(root, "[part=launcher]");
    expect(launcher.getAttribute("aria-label")).toBe("Open chat");
    expect(launcher.getAttribute("aria-expanded")).toBe("false");
    expect($(root, ".root").style.getPropertyValue("--c")).toBe("#12b886");
    expect($(root, "[part=panel]").hidden).toBe(true);
    expect($(root, "[part=title]").textContent).toBe("Shop help");
    expect(messages(root)).toEqual(["bot:Hi! How can I help?"]);
    expect($(root, "[part=message] strong").textContent).toBe("How");
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /widget/v1/chats/chat_1"]);
  });

  it("opens on click: session, events, history, focus in the input", async () => {
    server.history = [
      { id: "m1", author: "user", content: "earlier question", created_at: "" },
      { id: "m2", author: "bot", content: "earlier answer", created_at: "" },
    ];
    const root = await mount();
    $(root, "[part=launcher]").click();
    expect($(root, "[part=panel]").hidden).toBe(false);
    expect($(root, "[part=panel]").getAttribute("role")).toBe("dialog");
    expect(root.activeElement).toBe($(root, "[part=input]"));
    await eventually(() => expect(messages(root)).toHaveLength(3));
    expect(messages(root)).toEqual([
      "bot:Hi! How can I help?",
      "user:earlier question",
      "bot:earlier answer",
    ]);
    const session = server.requests.find((r) => r.path.endsWith("/sessions"))!;
    expect(session.body).toEqual({});
    expect(storage.data.get("parley.widget.chat_1")).toBe("vt_1");
    const events = server.requests.find((r) => r.path === "/widget/v1/events")!;
    expect(events.headers.Authorization).toBe("Bearer vt_1");
    const order = server.requests.map((r) => r.path);
    expect(order.indexOf("/widget/v1/events")).toBeLessThan(order.indexOf("/widget/v1/messages"));
  });

  it("resumes a stored session at once and sends the identity", async () => {
    storage.setItem("parley.widget.chat_1", "vt_1");
    await mount({ identity: { user_id: "u7", signature: "abc", name: "Ann" } });
    const session = await server.waitFor((r) => r.path.endsWith("/sessions"));
    expect(session.body).toEqual({
      visitor_token: "vt_1",
      identity: { user_id: "u7", signature: "abc", name: "Ann" },
    });
    await server.waitFor((r) => r.path === "/widget/v1/messages");
  });

  it("streams a reply under a typing indicator and does not repeat it from the events stream", async () => {
    const root = await mount({ open: true });
    await widget.connect();
    await type(root, "  Where is my order?  ");
    expect(($(root, "[part=input]") as HTMLTextAreaElement).value).toBe("");
    await server.waitFor((r) => r.method === "POST" && r.path === "/widget/v1/messages");
    expect(server.requests.at(-1)!.body).toEqual({ text: "Where is my order?" });
    expect(messages(root).at(-1)).toBe("user:Where is my order?");
    expect(root.querySelector("[part=typing]")).not.toBeNull();
    expect(($(root, "[part=send]") as HTMLButtonElement).disabled).toBe(true);

    server.lastReply.frame({ type: "text-delta", textDelta: "It ships " });
    await eventually(() => expect(messages(root).at(-1)).toBe("bot:It ships"));
    expect(root.querySelector("[part=typing]")).toBeNull();
    server.lastReply.frame({ type: "tool-call", toolName: "x" });
    server.lastReply.frame({ type: "text-delta", textDelta: "**today** <img src=x onerror=alert(1)>" });
    server.lastReply.frame({ type: "finish", finishReason: "stop", message_id: "b9" });
    server.lastReply.close();
    await eventually(() =>
      expect(messages(root).at(-1)).toBe("bot:It ships today <img src=x onerror=alert(1)>"),
    );
    const last = Array.from(root.querySelectorAll<HTMLElement>("[part=message]")).at(-1)!;
    expect(last.querySelector("img")).toBeNull();
    expect(last.querySelector("strong")!.textContent).toBe("today");
    expect(last.dataset.id).toBe("b9");

    server.lastEvents.frame(
      {
        type: "message_created",
        message: { id: "u9", author: "user", content: "Where is my order?", created_at: "" },
      },
      "1",
    );
    server.lastEvents.frame(
      {
        type: "message_created",
        message: { id: "b9", author: "bot", content: "It ships **today**", created_at: "" },
      },
      "2",
    );
    await eventually(() => expect(messages(root)).toHaveLength(3));
    await eventually(() => expect(($(root, "[part=send]") as HTMLButtonElement).disabled).toBe(false));
  });

  it("keeps Shift+Enter as a newline and ignores empty text", async () => {
    const root = await mount({ open: true });
    await widget.connect();
    const input = $(root, "[part=input]") as HTMLTextAreaElement;
    input.value = "line one";
    press(input, "Enter", { shiftKey: true });
    input.value = "   ";
    press(input, "Enter");
    await new Promise((r) => setTimeout(r, 20));
    expect(server.requests.some((r) => r.method === "POST" && r.path === "/widget/v1/messages")).toBe(false);
  });

  it("sends with the send button", async () => {
    const root = await mount({ open: true });
    ($(root, "[part=input]") as HTMLTextAreaElement).value = "hi";
    $(root, "[part=send]").click();
    await server.waitFor((r) => r.method === "POST" && r.path === "/widget/v1/messages");
  });

  it("counts unread operator messages while closed and shows the operator's name", async () => {
    storage.setItem("parley.widget.chat_1", "vt_1");
    const root = await mount();
    await widget.connect();
    const badge = $(root, "[part=badge]");
    expect(badge.hidden).toBe(true);
    server.lastEvents.frame({ type: "mode_changed", mode: "operator" }, "1");
    server.lastEvents.frame(
      {
        type: "message_created",
        message: {
          id: "o1",
          author: "operator",
          content: "Hello, I'm Ann",
          created_at: "",
          operator_name: "Ann",
        },
      },
      "2",
    );
    server.lastEvents.frame(
      {
        type: "message_created",
        message: { id: "o2", author: "operator", content: "Still there?", created_at: "" },
      },
      "3",
    );
    await eventually(() => expect(badge.textContent).toBe("2"));
    expect(badge.hidden).toBe(false);
    expect($(root, "[part=launcher]").getAttribute("aria-label")).toBe("Open chat, 2 unread");
    expect(messages(root)).toEqual([
      "bot:Hi! How can I help?",
      "system:You are now talking to a person",
      "operator:Hello, I'm Ann",
      "operator:Still there?",
    ]);
    expect($(root, "[part=operator-name]").textContent).toBe("Ann");
    $(root, "[part=launcher]").click();
    expect(badge.hidden).toBe(true);
    server.lastEvents.frame({ type: "mode_changed", mode: "auto" }, "4");
    await eventually(() => expect(messages(root).at(-1)).toBe("system:You are talking to the bot again"));
  });

  it("speaks Russian on auto for a Russian browser", async () => {
    server.settings.language = "auto";
    storage.setItem("parley.widget.chat_1", "vt_1");
    const root = await mount({}, "ru-RU");
    await widget.connect();
    expect($(root, "[part=launcher]").getAttribute("aria-label")).toBe("Открыть чат");
    server.lastEvents.frame({ type: "mode_changed", mode: "manual" }, "1");
    await eventually(() => expect(messages(root).at(-1)).toBe("system:Теперь с вами общается оператор"));
  });

  it("shows an error and sends nothing when the identity is refused", async () => {
    server.handlers.push((r) =>
      r.path.endsWith("/sessions")
        ? json({ code: "identity_invalid", message: "Bad signature" }, 401)
        : undefined,
    );
    const root = await mount({ identity: { user_id: "u1", signature: "bad" }, open: true });
    await eventually(() => expect($(root, "[part=error]").hidden).toBe(false));
    expect($(root, "[part=error]").textContent).toContain("could not verify");
    expect(($(root, "[part=input]") as HTMLTextAreaElement).disabled).toBe(true);
    await type(root, "hello?");
    await widget.send("hello?");
    expect(server.requests.filter((r) => r.path === "/widget/v1/messages")).toHaveLength(0);
    expect(server.requests.filter((r) => r.path === "/widget/v1/events")).toHaveLength(0);
  });

  it("offers yes/no after an approval question and sends the answer", async () => {
    server.history = [
      { id: "b1", author: "bot", content: 'Cancel order 42? Reply "yes" or "no".', created_at: "" },
    ];
    const root = await mount({ open: true });
    await widget.connect();
    const buttons = Array.from(root.querySelectorAll<HTMLButtonElement>("[part=quick-reply]"));
    expect(buttons.map((b) => b.textContent)).toEqual(["Yes", "No"]);
    buttons[0]!.click();
    const post = await server.waitFor((r) => r.method === "POST" && r.path === "/widget/v1/messages");
    expect(post.body).toEqual({ text: "yes" });
    expect(root.querySelectorAll("[part=quick-reply]")).toHaveLength(0);
  });

  it("offers да/нет after a Russian approval question", async () => {
    server.history = [
      { id: "b1", author: "bot", content: "Отменить заказ? Ответьте «да» или «нет».", created_at: "" },
    ];
    const root = await mount({ open: true });
    await widget.connect();
    const buttons = Array.from(root.querySelectorAll<HTMLButtonElement>("[part=quick-reply]"));
    expect(buttons.map((b) => b.textContent)).toEqual(["Да", "Нет"]);
    buttons[1]!.click();
    const post = await server.waitFor((r) => r.method === "POST" && r.path === "/widget/v1/messages");
    expect(post.body).toEqual({ text: "нет" });
  });

  it("shows the pictures and files a message sent: images that open full size, documents as links", async () => {
    server.history = [
      {
        id: "o1",
        author: "operator",
        content: "Here is your invoice and the photo.",
        created_at: "",
        operator_name: "Ann",
        files: [
          {
            kind: "image",
            name: "shoe.png",
            size: 4,
            url: "https://parley.example/files/out/outf_1?sig=a",
            caption: "The shoe",
          },
          {
            kind: "document",
            name: "invoice.pdf",
            size: 9,
            url: "https://parley.example/files/out/outf_2?sig=b",
          },
          { kind: "document", name: "bad.pdf", size: 9, url: "javascript:alert(1)" },
        ],
      },
      {
        id: "o2",
        author: "operator",
        content: "",
        created_at: "",
        files: [{ kind: "image", name: "a.png", size: 1, url: "https://parley.example/a" }],
      },
    ];
    const root = await mount({ open: true });
    await widget.connect();
    const images = Array.from(root.querySelectorAll<HTMLAnchorElement>("[part=file-image]"));
    expect(images.map((a) => [a.href, a.target, a.querySelector("img")?.getAttribute("alt")])).toEqual([
      ["https://parley.example/files/out/outf_1?sig=a", "_blank", "The shoe"],
      ["https://parley.example/a", "_blank", "a.png"],
    ]);
    const links = Array.from(root.querySelectorAll<HTMLAnchorElement>("[part=file-link]"));
    expect(links.map((a) => [a.textContent, a.href, a.rel])).toEqual([
      ["invoice.pdf", "https://parley.example/files/out/outf_2?sig=b", "noopener noreferrer"],
    ]);
    expect(root.querySelector("[part=files] .caption")?.textContent).toBe("The shoe");
  });

  it("shows buttons as chips and links; a chip sends its choice and the chips disable", async () => {
    server.history = [
      {
        id: "b1",
        author: "bot",
        content: "Which size?",
        created_at: "",
        buttons: [
          { kind: "reply", label: "S", id: "b1:0" },
          { kind: "reply", label: "M", id: "b1:1" },
          { kind: "link", label: "Guide", url: "https://shop.example/sizes" },
          { kind: "link", label: "Bad", url: "javascript:alert(1)" },
        ],
      },
    ];
    const root = await mount({ open: true });
    await widget.connect();
    const chips = () => Array.from(root.querySelectorAll<HTMLButtonElement>("[part=choice]"));
    expect(chips().map((c) => [c.textContent, c.disabled])).toEqual([
      ["S", false],
      ["M", false],
    ]);
    const links = Array.from(root.querySelectorAll<HTMLAnchorElement>("[part=choice-link]"));
    expect(links.map((a) => [a.textContent, a.href, a.target])).toEqual([
      ["Guide", "https://shop.example/sizes", "_blank"],
    ]);
    // The old approval words are not offered twice when a question has buttons of its own.
    expect(root.querySelectorAll("[part=quick-reply]")).toHaveLength(0);
    chips()[1]!.click();
    const post = await server.waitFor((r) => r.method === "POST" && r.path === "/widget/v1/messages");
    expect(post.body).toEqual({ choice: { button_id: "b1:1" } });
    expect(messages(root).at(-1)).toBe("user:M");
    await eventually(() => expect(chips().every((c) => c.disabled)).toBe(true));
  });

  it("a streamed reply takes its buttons from its stored copy; answered chips in the history are disabled", async () => {
    server.history = [
      {
        id: "b0",
        author: "bot",
        content: "Pick",
        created_at: "",
        buttons: [{ kind: "reply", label: "A", id: "b0:0" }],
      },
      { id: "u0", author: "user", content: "A", created_at: "" },
    ];
    const root = await mount({ open: true });
    await widget.connect();
    const chips = () => Array.from(root.querySelectorAll<HTMLButtonElement>("[part=choice]"));
    expect(chips().map((c) => c.disabled)).toEqual([true]);
    await type(root, "sizes?");
    await server.waitFor((r) => r.method === "POST" && r.path === "/widget/v1/messages");
    server.lastReply.frame({ type: "text-delta", textDelta: "Which one?" });
    server.lastReply.frame({ type: "finish", finishReason: "stop", message_id: "b9" });
    server.lastReply.close();
    await eventually(() => expect(messages(root).at(-1)).toBe("bot:Which one?"));
    server.lastEvents.frame(
      {
        type: "message_created",
        message: {
          id: "b9",
          author: "bot",
          content: "Which one?",
          created_at: "",
          buttons: [{ kind: "reply", label: "Red", id: "b9:0" }],
        },
      },
      "5",
    );
    await eventually(() =>
      expect(chips().map((c) => [c.textContent, c.disabled])).toEqual([
        ["A", true],
        ["Red", false],
      ]),
    );
    expect(messages(root)).toHaveLength(5);
  });

  it("reconnects the events stream with Last-Event-ID after a drop", async () => {
    storage.setItem("parley.widget.chat_1", "vt_1");
    const root = await mount();
    await widget.connect();
    server.lastEvents.frame(
      { type: "message_created", message: { id: "o1", author: "operator", content: "one", created_at: "" } },
      "41",
    );
    await eventually(() => expect(messages(root)).toHaveLength(2));
    server.lastEvents.fail();
    await eventually(() => expect(server.eventStreams).toHaveLength(2));
    const again = server.requests.filter((r) => r.path === "/widget/v1/events")[1]!;
    expect(again.headers["Last-Event-ID"]).toBe("41");
    server.lastEvents.frame(
      { type: "message_created", message: { id: "o1", author: "operator", content: "one", created_at: "" } },
      "41",
    );
    server.lastEvents.frame(
      { type: "message_created", message: { id: "o2", author: "operator", content: "two", created_at: "" } },
      "42",
    );
    await eventually(() =>
      expect(messages(root)).toEqual(["bot:Hi! How can I help?", "operator:one", "operator:two"]),
    );
  });

  it("starts a new session when the visitor token stops working", async () => {
    const root = await mount({ open: true });
    await widget.connect();
    server.token = "vt_2";
    await type(root, "are you there");
    await eventually(() =>
      expect(server.requests.filter((r) => r.path.endsWith("/sessions"))).toHaveLength(2),
    );
    await eventually(() => expect(storage.data.get("parley.widget.chat_1")).toBe("vt_2"));
    expect(($(root, "[part=input]") as HTMLTextAreaElement).value).toBe("are you there");
    expect(messages(root)).toEqual(["bot:Hi! How can I help?"]);
  });

  it("explains a rate limit and gives the text back", async () => {
    server.handlers.push((r) =>
      r.method === "POST" && r.path === "/widget/v1/messages"
        ? json({ code: "rate_limited", message: "Slow down" }, 429, { "Retry-After": "12" })
        : undefined,
    );
    const root = await mount({ open: true });
    await widget.connect();
    await type(root, "spam");
    await eventually(() =>
      expect($(root, "[part=error]").textContent).toBe("Too many messages. Please wait 12 s and try again."),
    );
    expect(messages(root)).toEqual(["bot:Hi! How can I help?"]);
    expect(($(root, "[part=input]") as HTMLTextAreaElement).value).toBe("spam");
  });

  it("reports a reply that fails mid-stream", async () => {
    const root = await mount({ open: true });
    await widget.connect();
    await type(root, "q");
    await server.waitFor((r) => r.method === "POST" && r.path === "/widget/v1/messages");
    server.lastReply.frame({ type: "error", code: "provider_error", message: "Upstream failed" });
    await eventually(() => expect($(root, "[part=error]").hidden).toBe(false));
    expect(root.querySelector("[part=typing]")).toBeNull();
    expect(messages(root).at(-1)).toBe("user:q");
  });

  it("shows no typing dots once a person is answering", async () => {
    const root = await mount({ open: true });
    await widget.connect();
    await type(root, "q");
    await server.waitFor((r) => r.method === "POST" && r.path === "/widget/v1/messages");
    server.lastReply.frame({ type: "finish", finishReason: "stop", message_id: null });
    server.lastReply.close();
    await eventually(() => expect(root.querySelector("[part=typing]")).toBeNull());
    expect($(root, "[part=error]").hidden).toBe(true);
    expect(messages(root).at(-1)).toBe("user:q");
  });

  it("closes on Escape and gives focus back to the launcher", async () => {
    const root = await mount({ open: true });
    const input = $(root, "[part=input]");
    input.focus();
    press(input, "Escape");
    expect($(root, "[part=panel]").hidden).toBe(true);
    expect(root.activeElement).toBe($(root, "[part=launcher]"));
  });

  it("opens with data-open and through open/close/toggle", async () => {
    const root = await mount({ open: true });
    expect($(root, "[part=panel]").hidden).toBe(false);
    widget.close();
    expect($(root, "[part=panel]").hidden).toBe(true);
    widget.toggle();
    expect($(root, "[part=panel]").hidden).toBe(false);
    widget.toggle();
    widget.open();
    expect($(root, "[part=launcher]").getAttribute("aria-expanded")).toBe("true");
  });

  it("stays away when the chat refuses the site", async () => {
    server.handlers.push(() => json({ code: "origin_not_allowed", message: "No" }, 403));
    widget = new Widget(embed(), { fetch: server.fetch, storage, navigatorLanguage: "en" });
    const warn = console.warn;
    console.warn = () => {};
    try {
      expect(await widget.mount()).toBe(false);
    } finally {
      console.warn = warn;
    }
    expect(document.getElementById("parley-widget")).toBeNull();
  });

  describe("rating answers", () => {
    const bar = (root: ShadowRoot, id: string) =>
      root.querySelector<HTMLElement>(`[part=message][data-id="${id}"] [part=feedback]`);
    const pressed = (root: ShadowRoot, id: string) =>
      (["up", "down"] as const).filter(
        (rating) =>
          bar(root, id)!.querySelector(`[part=rate-${rating}]`)!.getAttribute("aria-pressed") === "true",
      );
    const ratings = () => server.requests.filter((r) => r.path.endsWith("/feedback"));

    it("offers 👍/👎 under stored bot answers only, showing the rating the history holds", async () => {
      server.history = [
        { id: "m1", author: "user", content: "hi", created_at: "" },
        {
          id: "m2",
          author: "bot",
          content: "hello",
          created_at: "",
          feedback: { rating: "down", comment: null },
        },
        { id: "m3", author: "operator", content: "Ann here", created_at: "", operator_name: "Ann" },
        { id: "m4", author: "bot", content: "anything else?", created_at: "" },
      ];
      const root = await mount({ open: true });
      await widget.connect();
      await eventually(() => expect(bar(root, "m4")).not.toBeNull());
      expect(root.querySelectorAll("[part=feedback]")).toHaveLength(2);
      expect(bar(root, "m1")).toBeNull();
      expect(bar(root, "m3")).toBeNull();
      expect(pressed(root, "m2")).toEqual(["down"]);
      expect(pressed(root, "m4")).toEqual([]);
      const up = bar(root, "m4")!.querySelector<HTMLButtonElement>("[part=rate-up]")!;
      expect(up.getAttribute("aria-label")).toBe("Helpful");
      expect(bar(root, "m4")!.getAttribute("role")).toBe("group");
      expect(bar(root, "m4")!.getAttribute("aria-label")).toBe("Rate this answer");
    });

    it("rates at once, asks for an optional comment, and changes the rating on the other button", async () => {
      const root = await mount({ open: true });
      await widget.connect();
      await type(root, "Where is my order?");
      await server.waitFor((r) => r.method === "POST" && r.path === "/widget/v1/messages");
      server.lastReply.frame({ type: "text-delta", textDelta: "It ships today" });
      // No buttons while the answer streams in.
      await eventually(() => expect(messages(root).at(-1)).toBe("bot:It ships today"));
      expect(root.querySelector("[part=feedback]")).toBeNull();
      server.lastReply.frame({ type: "finish", finishReason: "stop", message_id: "b1" });
      server.lastReply.close();
      await eventually(() => expect(bar(root, "b1")).not.toBeNull());

      bar(root, "b1")!.querySelector<HTMLButtonElement>("[part=rate-down]")!.click();
      await eventually(() => expect(pressed(root, "b1")).toEqual(["down"]));
      expect(ratings().map((r) => [r.path, r.body, r.headers.Authorization])).toEqual([
        ["/widget/v1/messages/b1/feedback", { rating: "down" }, "Bearer vt_1"],
      ]);
      const comment = bar(root, "b1")!.querySelector<HTMLTextAreaElement>("[part=feedback-comment]")!;
      expect(comment.parentElement!.hidden).toBe(false);
      expect(comment.getAttribute("aria-label")).toBe("Comment on the answer");
      comment.value = "  I asked about Berlin  ";
      bar(root, "b1")!.querySelector<HTMLButtonElement>("[part=feedback-send]")!.click();
      await eventually(() =>
        expect(bar(root, "b1")!.querySelector("[part=feedback-thanks]")!.textContent).toBe(
          "Thank you for your feedback!",
        ),
      );
      expect(comment.parentElement!.hidden).toBe(true);
      expect(ratings().at(-1)!.body).toEqual({ rating: "down", comment: "I asked about Berlin" });

      // Pressing the chosen one again sends nothing; the other one changes the rating.
      bar(root, "b1")!.querySelector<HTMLButtonElement>("[part=rate-down]")!.click();
      bar(root, "b1")!.querySelector<HTMLButtonElement>("[part=rate-up]")!.click();
      await eventually(() => expect(pressed(root, "b1")).toEqual(["up"]));
      expect(ratings().map((r) => r.body)).toEqual([
        { rating: "down" },
        { rating: "down", comment: "I asked about Berlin" },
        { rating: "up" },
      ]);
    });

    it("says so when a rating was not saved, and keeps the previous one", async () => {
      server.history = [{ id: "m2", author: "bot", content: "hello", created_at: "" }];
      server.handlers.push((r) =>
        r.path.endsWith("/feedback") ? json({ code: "internal_error", message: "No" }, 500) : undefined,
      );
      const root = await mount({ open: true });
      await widget.connect();
      await eventually(() => expect(bar(root, "m2")).not.toBeNull());
      bar(root, "m2")!.querySelector<HTMLButtonElement>("[part=rate-up]")!.click();
      await eventually(() =>
        expect($(root, "[part=error]").textContent).toBe("Your rating was not saved. Please try again."),
      );
      expect(pressed(root, "m2")).toEqual([]);
      expect(bar(root, "m2")!.querySelector<HTMLElement>(".fbf")!.hidden).toBe(true);
    });

    it("speaks Russian", async () => {
      server.settings.language = "ru";
      server.history = [{ id: "m2", author: "bot", content: "привет", created_at: "" }];
      const root = await mount({ open: true });
      await widget.connect();
      await eventually(() => expect(bar(root, "m2")).not.toBeNull());
      expect(bar(root, "m2")!.querySelector("[part=rate-down]")!.getAttribute("aria-label")).toBe(
        "Бесполезный ответ",
      );
    });
  });
});
