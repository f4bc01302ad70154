// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { installDomStubs, jsonResponse as json, renderInConsole } from "../../testing/render";
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

beforeAll(installDomStubs);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderModal() {
  return renderInConsole(<ConnectChannelModal opened onClose={() => {}} />);
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

  it("says the website widget channel needs no credentials and what comes next", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(200, openApi)),
    );
    renderModal();
    fireEvent.change(await screen.findByTestId("vendor-select"), { target: { value: "parley" } });
    expect(screen.getByText(/No credentials needed\. Next: create a chat/)).toBeTruthy();
    expect(screen.getByRole("option", { name: "Website widget" })).toBeTruthy();
  });
});
