// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { installDomStubs, jsonResponse as json, renderInConsole } from "../../testing/render";
import type { WidgetSettings } from "./api";
import { WidgetSettingsDrawer } from "./WidgetSettingsDrawer";

const SETTINGS: WidgetSettings = {
  chat_id: "chat_1",
  allowed_origins: [],
  title: "Support",
  greeting: "Hi!",
  color: "#4c6ef5",
  position: "right",
  language: "auto",
  identity_required: false,
  identity_secret_set: false,
  embed_snippet: '<script src="https://parley.example/widget.js" data-chat="chat_1" async></script>',
};

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A fake API: GET answers `current`; POSTs are recorded and answered by `onPost`. */
function stubApi(onPost: (call: Call) => Response) {
  let current = SETTINGS;
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? "GET",
        url,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      if (call.method === "GET") return json(200, current);
      const response = onPost(call);
      if (response.ok && url.endsWith("/widget")) current = (await response.clone().json()) as WidgetSettings;
      return response;
    }),
  );
  return { posts: () => calls.filter((c) => c.method === "POST") };
}

function addOrigin(value: string) {
  const input = screen.getByTestId("widget-origins-input");
  // Mantine ignores changes to an unfocused input (autofill); a person types into a focused one.
  input.focus();
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: "Enter" });
}

beforeAll(installDomStubs);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("WidgetSettingsDrawer", () => {
  it("warns about no origins, shows the snippet, and saves only what changed", async () => {
    const api = stubApi((call) => json(200, { ...SETTINGS, ...(call.body as object) }));
    renderInConsole(<WidgetSettingsDrawer chatId="chat_1" chatName="Shop" opened onClose={() => {}} />);

    expect(await screen.findByText(/works on no site until you add its origin/)).toBeTruthy();
    expect(screen.getByTestId("widget-snippet").textContent).toBe(SETTINGS.embed_snippet);
    const save = screen.getByTestId("widget-save") as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    addOrigin("https://Shop.Example/");
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: " Help desk " } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);

    await waitFor(() => expect(api.posts()).toHaveLength(1));
    expect(api.posts()[0]).toEqual({
      method: "POST",
      url: "/v1/chats/chat_1/widget",
      body: { allowed_origins: ["https://shop.example"], title: "Help desk" },
    });
    // Saved: the warning goes, and the form is "unchanged" again.
    await waitFor(() => expect(screen.queryByText(/works on no site/)).toBeNull());
    await waitFor(() => expect(save.disabled).toBe(true));
  });

  it("refuses a path before sending, and shows the API's 422 details at their inputs", async () => {
    const api = stubApi(() =>
      json(422, {
        code: "validation_failed",
        message: "allowed_origins.0: not allowed",
        details: [
          { path: "allowed_origins.0", message: "this host is not allowed" },
          { path: "color", message: "must be a darker colour" },
        ],
      }),
    );
    renderInConsole(<WidgetSettingsDrawer chatId="chat_1" chatName="Shop" opened onClose={() => {}} />);
    await screen.findByTestId("widget-origins-input");

    addOrigin("https://shop.example/cart");
    fireEvent.click(screen.getByTestId("widget-save"));
    expect(await screen.findByText(/Not an origin: https:\/\/shop.example\/cart/)).toBeTruthy();
    expect(api.posts()).toEqual([]);

    // Backspace in the empty input removes the last tag (the keyboard way).
    fireEvent.keyDown(screen.getByTestId("widget-origins-input"), { key: "Backspace" });
    addOrigin("https://ok.example");
    fireEvent.change(screen.getByLabelText("Colour"), { target: { value: "#ffff00" } });
    fireEvent.click(screen.getByTestId("widget-save"));

    expect(await screen.findByText("https://ok.example: this host is not allowed")).toBeTruthy();
    expect(screen.getByText("must be a darker colour")).toBeTruthy();
    expect(api.posts()[0]?.body).toEqual({ allowed_origins: ["https://ok.example"], color: "#ffff00" });
  });

  it("generates the identity secret after a confirmation and shows it once", async () => {
    const api = stubApi(() => json(200, { identity_secret: "wsec_abc123" }));
    renderInConsole(<WidgetSettingsDrawer chatId="chat_1" chatName="Shop" opened onClose={() => {}} />);

    fireEvent.click(await screen.findByTestId("widget-secret-button"));
    fireEvent.click(await screen.findByRole("button", { name: "Generate" }));

    const secret = (await screen.findByTestId("widget-secret")) as HTMLInputElement;
    expect(secret.value).toBe("wsec_abc123");
    expect(secret.readOnly).toBe(true);
    expect(screen.getByText(/only time the secret is shown/)).toBeTruthy();
    expect(api.posts().map((c) => c.url)).toEqual(["/v1/chats/chat_1/widget/identity-secret"]);

    fireEvent.click(screen.getByRole("button", { name: "I have saved it" }));
    expect(screen.queryByTestId("widget-secret")).toBeNull();
  });
});
