// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { installDomStubs, jsonResponse as json, renderInConsole } from "../../testing/render";
import type { BusinessHours, BusinessHoursStatus } from "./api";
import { BusinessHoursSection } from "./BusinessHoursSection";

const day = [{ from: "09:00", to: "18:00" }];
const hours: BusinessHours = {
  enabled: true,
  timezone: "Europe/Berlin",
  weekly: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: [], sun: [] },
  holidays: [{ date: "2026-12-31", name: "New Year's Eve" }],
  out_of_hours_message: { default: "Back {{next_open}}." },
  updated_at: "2026-11-29T10:00:00.000Z",
};
const closed: BusinessHoursStatus = {
  enabled: true,
  open: false,
  at: "2026-11-29T10:00:00.000Z",
  next_open_at: "2026-11-30T08:00:00.000Z",
  next_close_at: "2026-11-30T17:00:00.000Z",
  timezone: "Europe/Berlin",
};

/** Serves the setting and the status; a save answers `saveAnswer`. */
function serve(saveAnswer: [number, unknown]) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const path = new URL(String(input), "http://console.test").pathname;
      if (path === "/v1/business_hours" && init?.method === "POST") {
        sent.push(JSON.parse(String(init.body)));
        return json(...saveAnswer);
      }
      if (path === "/v1/business_hours") return json(200, hours);
      if (path === "/v1/business_hours/status") return json(200, closed);
      return json(404, { code: "route_not_found", message: path });
    }),
  );
  renderInConsole(<BusinessHoursSection />);
  return sent;
}

beforeAll(installDomStubs);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the business hours section", () => {
  it("shows the week, the holidays, the message, and when people are back", async () => {
    serve([200, hours]);
    await waitFor(() =>
      expect(screen.getByTestId("business-hours-now").textContent).toContain("Monday, November 30 at 09:00"),
    );
    expect(screen.getByTestId("business-hours-now").textContent).toContain("Closed");
    expect(screen.getAllByDisplayValue("09:00")).toHaveLength(5);
    expect(screen.getByDisplayValue("New Year's Eve")).toBeTruthy();
    expect(screen.getByDisplayValue("Back {{next_open}}.")).toBeTruthy();
  });

  it("saves the whole setting and shows the API's field error at its field", async () => {
    const sent = serve([
      422,
      {
        code: "validation_failed",
        message: "weekly.mon.0.to: must be later than `from`",
        details: [{ path: "weekly.mon.0.to", message: "must be later than `from`" }],
      },
    ]);
    const closes = await screen.findByLabelText("Monday: closes");
    fireEvent.change(closes, { target: { value: "08:00" } });
    fireEvent.click(screen.getByTestId("business-hours-save"));
    expect(await screen.findByText("must be later than `from`")).toBeTruthy();
    expect(sent).toEqual([
      {
        enabled: true,
        timezone: "Europe/Berlin",
        weekly: { ...hours.weekly, mon: [{ from: "09:00", to: "08:00" }] },
        holidays: [{ date: "2026-12-31", name: "New Year's Eve" }],
        out_of_hours_message: { default: "Back {{next_open}}." },
      },
    ]);
  });
});
