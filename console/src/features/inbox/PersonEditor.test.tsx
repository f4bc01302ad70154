// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { stubApi, writes } from "../../testing/fake-api";
import { installDomStubs, jsonResponse, renderInConsole } from "../../testing/render";
import { PersonEditor } from "./PersonEditor";
import type { Person } from "./types";

const person: Person = {
  id: "per_1",
  name: "Ann",
  avatar_url: null,
  external_id: "555",
  channel: "telegram",
  email: null,
  phone: "+1 555",
  notes: null,
};

const saved = (body: Record<string, unknown>) => ({
  ...person,
  ...body,
  attributes: {},
  channels: [],
  thread_count: 1,
  last_seen_at: null,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
});

describe("the person panel's contact editor", () => {
  beforeAll(installDomStubs);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("links to the contact and saves only the fields changed", async () => {
    const calls = stubApi({
      "POST /v1/contacts/per_1": ({ body }) => saved(body as Record<string, unknown>),
    });
    renderInConsole(
      <MemoryRouter>
        <PersonEditor person={person} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: /open contact/i }).getAttribute("href")).toBe("/contacts/per_1");
    fireEvent.click(screen.getByTestId("person-edit"));
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ann@example.com" } });
    fireEvent.change(screen.getByLabelText("Phone"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.getByTestId("person-edit")).toBeTruthy());
    expect(writes(calls)).toEqual([
      { method: "POST", path: "/v1/contacts/per_1", body: { email: "ann@example.com", phone: null } },
    ]);
  });

  it("shows the API's field error in place and stays open", async () => {
    stubApi({
      "POST /v1/contacts/per_1": () =>
        jsonResponse(422, {
          code: "validation_failed",
          message: "email: must be an email address",
          details: [{ path: "email", message: "must be an email address" }],
        }),
    });
    renderInConsole(
      <MemoryRouter>
        <PersonEditor person={person} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByTestId("person-edit"));
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "nope" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("must be an email address")).toBeTruthy();
    expect(screen.getByTestId("contact-fields-form")).toBeTruthy();
  });
});
