// @vitest-environment happy-dom
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../i18n/I18nProvider";
import type { OpenApiDocument } from "./auth-data-schema";
import { ConnectChannelModal } from "./ConnectChannelModal";

const openApi: OpenApiDocument = {
  paths: {
    "/v1/integrations": {
      post: {
        requestBody: {
          content: {
            "application/json": {
              schema: {
                oneOf: [
                  {
                    properties: {
                      vendor: { enum: ["telegram"] },
                      auth_data: {
                        type: "object",
                        properties: { token: { type: "string", description: "From @BotFather." } },
                        required: ["token"],
                      },
                    },
                  },
                  {
                    properties: {
                      vendor: { enum: ["parley"] },
                      auth_data: { type: "object", properties: {} },
                    },
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

beforeAll(() => {
  // Mantine reads the colour scheme and breakpoints through matchMedia, which happy-dom lacks.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderModal() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nProvider language="en">
      <MantineProvider>
        <QueryClientProvider client={client}>
          <ConnectChannelModal opened onClose={() => {}} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nProvider>,
  );
}

describe("ConnectChannelModal", () => {
  it("builds the vendor's credential inputs from the OpenAPI document and shows 422 errors at them", async () => {
    const posted: unknown[] = [];
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === "/openapi.json") return json(200, openApi);
      posted.push(JSON.parse(String(init?.body)));
      return json(422, {
        code: "validation_failed",
        message: "auth_data.token: must be the bot token",
        details: [{ path: "auth_data.token", message: "must be the bot token" }],
      });
    });
    vi.stubGlobal("fetch", fetchMock);
    renderModal();

    const vendor = (await screen.findByTestId("vendor-select")) as HTMLSelectElement;
    expect([...vendor.options].map((o) => o.value)).toEqual(["", "telegram", "parley"]);
    fireEvent.change(vendor, { target: { value: "telegram" } });

    const token = screen.getByLabelText(/Token/) as HTMLInputElement;
    expect(token.type).toBe("password");
    expect(screen.getByText("From @BotFather.")).toBeTruthy();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe("Telegram");

    // Required and empty: refused before any request.
    fireEvent.click(screen.getByTestId("integration-submit"));
    expect(await screen.findByText("Required")).toBeTruthy();
    expect(posted).toEqual([]);

    fireEvent.change(token, { target: { value: " bad " } });
    fireEvent.click(screen.getByTestId("integration-submit"));
    const error = await screen.findByText("must be the bot token");
    expect(posted).toEqual([{ name: "Telegram", vendor: "telegram", auth_data: { token: "bad" } }]);
    // The message is at the token input: it describes it to assistive technology.
    expect(error.id).toMatch(/-error$/);
    expect(token.getAttribute("aria-describedby")).toContain(error.id);
  });

  it("says the parley channel needs no credentials", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(200, openApi)),
    );
    renderModal();
    fireEvent.change(await screen.findByTestId("vendor-select"), { target: { value: "parley" } });
    expect(screen.getByText(/only through the Parley API/)).toBeTruthy();
  });
});
