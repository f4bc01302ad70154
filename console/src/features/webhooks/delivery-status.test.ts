import { describe, expect, it } from "vitest";
import {
  deliveryOutcome,
  deliveryStatusColor,
  endpointStatusView,
  hasPendingDeliveries,
  summarizeDeliveries,
} from "./delivery-status";

describe("delivery outcome", () => {
  it("prefers the HTTP status and says whether it was a success", () => {
    expect(deliveryOutcome({ last_status_code: 204, last_error: null })).toEqual({
      kind: "http",
      code: 204,
      ok: true,
    });
    expect(deliveryOutcome({ last_status_code: 500, last_error: "HTTP 500" })).toEqual({
      kind: "http",
      code: 500,
      ok: false,
    });
  });

  it("falls back to the error of an attempt that got no answer, then to nothing", () => {
    expect(deliveryOutcome({ last_status_code: null, last_error: "connect ECONNREFUSED" })).toEqual({
      kind: "error",
      message: "connect ECONNREFUSED",
    });
    expect(deliveryOutcome({ last_status_code: null, last_error: null })).toEqual({ kind: "none" });
  });
});

describe("delivery summaries", () => {
  it("counts by status in a fixed order, without empty statuses", () => {
    expect(
      summarizeDeliveries([
        { status: "failed" },
        { status: "succeeded" },
        { status: "failed" },
        { status: "pending" },
      ]),
    ).toEqual([
      { status: "pending", count: 1 },
      { status: "succeeded", count: 1 },
      { status: "failed", count: 2 },
    ]);
    expect(summarizeDeliveries([])).toEqual([]);
  });

  it("polls only while something is pending", () => {
    expect(hasPendingDeliveries([{ status: "succeeded" }, { status: "pending" }])).toBe(true);
    expect(hasPendingDeliveries([{ status: "succeeded" }, { status: "failed" }])).toBe(false);
  });

  it("colours each status differently", () => {
    const colors = (["pending", "succeeded", "failed", "cancelled"] as const).map(deliveryStatusColor);
    expect(new Set(colors).size).toBe(4);
    expect(deliveryStatusColor("failed")).toBe("red");
  });
});

describe("endpoint status", () => {
  it("tells a pause by a person from a disabling by Parley", () => {
    expect(endpointStatusView({ status: "active", disabled_reason: null }).state).toBe("active");
    expect(endpointStatusView({ status: "disabled", disabled_reason: null }).state).toBe("paused");
    expect(endpointStatusView({ status: "disabled", disabled_reason: "gone" })).toEqual({
      state: "disabledByParley",
      color: "red",
      reason: "gone",
      rawReason: "gone",
    });
    expect(
      endpointStatusView({ status: "disabled", disabled_reason: "failing for over 24 hours" }),
    ).toMatchObject({
      reason: "failing",
    });
    expect(endpointStatusView({ status: "disabled", disabled_reason: "something new" })).toMatchObject({
      reason: "other",
      rawReason: "something new",
    });
  });
});
