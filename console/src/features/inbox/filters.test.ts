import { describe, expect, it } from "vitest";
import {
  countExtraFilters,
  filtersFromParams,
  filtersToCountsQuery,
  filtersToParams,
  filtersToQuery,
  hasFilters,
  NO_FILTERS,
  threadMatches,
} from "./filters";
import type { Thread } from "./types";

const thread = (over: Partial<Thread> = {}): Thread => ({
  id: "t1",
  chat_id: "chat_a",
  bot_id: "bot_a",
  mode: "auto",
  title: null,
  last_message_at: null,
  pending_count: 0,
  created_at: "2026-01-01T00:00:00.000Z",
  assignee: null,
  ...over,
});

describe("inbox filters in the URL", () => {
  it("round-trips every filter through the query string and keeps other parameters", () => {
    const filters = {
      chat_id: "chat_a",
      bot_id: "bot_b",
      mode: "manual" as const,
      waiting: true,
      assignee: "me",
      team: "team_a",
      search: "order 1138",
      labels: ["vip", "refund"],
      labels_match: "any" as const,
      status: "snoozed" as const,
    };
    const params = filtersToParams(filters, new URLSearchParams("tab=x"));
    expect(params.get("labels")).toBe("vip,refund");
    expect(params.get("tab")).toBe("x");
    expect(params.get("waiting")).toBe("true");
    expect(filtersFromParams(params)).toEqual(filters);
  });

  it("leaves defaults out of the URL and removes filters that were switched off", () => {
    const params = filtersToParams(
      NO_FILTERS,
      new URLSearchParams("mode=auto&waiting=true&search=x&status=resolved"),
    );
    expect(params.toString()).toBe("");
  });

  it("ignores values the API would refuse", () => {
    const filters = filtersFromParams(
      new URLSearchParams(`mode=sleeping&waiting=yes&chat_id=${"x".repeat(200)}`),
    );
    expect(filters).toEqual(NO_FILTERS);
  });

  it("keeps the search as typed in the URL, but sends it trimmed", () => {
    const filters = { ...NO_FILTERS, search: "order " };
    expect(filtersToParams(filters).get("search")).toBe("order ");
    expect(filtersToQuery(filters).search).toBe("order");
    expect(filtersToQuery({ ...NO_FILTERS, search: "   " }).search).toBeUndefined();
  });

  it("maps to GET /v1/threads query names", () => {
    expect(filtersToQuery({ ...NO_FILTERS, waiting: true, assignee: "none", mode: "blocked" })).toEqual({
      chat_id: undefined,
      bot_id: undefined,
      mode: "blocked",
      waiting: "true",
      assignee: "none",
      team: undefined,
      search: undefined,
      status: "open",
    });
    // The All tab sends no status; the counts never do.
    expect(filtersToQuery({ ...NO_FILTERS, status: "all" }).status).toBeUndefined();
    expect(filtersToCountsQuery({ ...NO_FILTERS, status: "resolved", search: "x" })).toEqual({
      chat_id: undefined,
      bot_id: undefined,
      mode: undefined,
      waiting: undefined,
      assignee: undefined,
    });
    expect(filtersToQuery({ ...NO_FILTERS, team: "none" }).team).toBe("none");
  });

  it("counts the filters behind the Filters button and tells whether any is on", () => {
    expect(countExtraFilters({ ...NO_FILTERS, chat_id: "c", mode: "auto", waiting: true })).toBe(2);
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, waiting: true })).toBe(true);
    expect(hasFilters({ ...NO_FILTERS, search: "  " })).toBe(false);
  });
});

describe("threadMatches", () => {
  it("checks chat, bot, mode and waiting", () => {
    expect(threadMatches(thread(), NO_FILTERS, "op1")).toBe(true);
    expect(threadMatches(thread(), { ...NO_FILTERS, chat_id: "chat_b" }, "op1")).toBe(false);
    expect(threadMatches(thread(), { ...NO_FILTERS, bot_id: "bot_b" }, "op1")).toBe(false);
    expect(threadMatches(thread({ mode: "manual" }), { ...NO_FILTERS, mode: "auto" }, "op1")).toBe(false);
    expect(threadMatches(thread({ pending_count: 0 }), { ...NO_FILTERS, waiting: true }, "op1")).toBe(false);
    expect(threadMatches(thread({ pending_count: 2 }), { ...NO_FILTERS, waiting: true }, "op1")).toBe(true);
  });

  it("resolves me, none and an operator id for the assignee", () => {
    const mine = thread({ assignee: { id: "op1", name: "Maria" } });
    expect(threadMatches(mine, { ...NO_FILTERS, assignee: "me" }, "op1")).toBe(true);
    expect(threadMatches(mine, { ...NO_FILTERS, assignee: "me" }, "op2")).toBe(false);
    expect(threadMatches(mine, { ...NO_FILTERS, assignee: "none" }, "op1")).toBe(false);
    expect(threadMatches(thread(), { ...NO_FILTERS, assignee: "none" }, "op1")).toBe(true);
    expect(threadMatches(mine, { ...NO_FILTERS, assignee: "op1" }, "op2")).toBe(true);
  });

  it("leaves full-text search to the server", () => {
    expect(threadMatches(thread(), { ...NO_FILTERS, search: "nothing like it" }, "op1")).toBe(true);
  });
});

describe("the label filter", () => {
  it("sends the names comma-separated, `any` only when asked, and counts as one filter", () => {
    const filters = { ...NO_FILTERS, labels: ["vip", "refund"] };
    expect(filtersToQuery(filters)).toMatchObject({ labels: "vip,refund", labels_match: undefined });
    expect(filtersToQuery({ ...filters, labels_match: "any" }).labels_match).toBe("any");
    expect(countExtraFilters(filters)).toBe(1);
    expect(
      filtersFromParams(new URLSearchParams("labels=%20vip,,vip,refund&labels_match=some")),
    ).toMatchObject({
      labels: ["vip", "refund"],
      labels_match: "all",
    });
  });

  it("matches a thread's labels whatever their case: all, or any", () => {
    const labelled = thread({ labels: ["VIP"] });
    expect(threadMatches(labelled, { ...NO_FILTERS, labels: ["vip"] }, "me")).toBe(true);
    expect(threadMatches(labelled, { ...NO_FILTERS, labels: ["vip", "refund"] }, "me")).toBe(false);
    expect(
      threadMatches(labelled, { ...NO_FILTERS, labels: ["vip", "refund"], labels_match: "any" }, "me"),
    ).toBe(true);
    expect(threadMatches(thread({ labels: [] }), { ...NO_FILTERS, labels: ["vip"] }, "me")).toBe(false);
  });
});

describe("the Team filter (docs/routing.md)", () => {
  it("matches a team's queue, or threads in no team's", () => {
    const team = { id: "team_a", name: "Billing" };
    expect(threadMatches(thread({ team }), { ...NO_FILTERS, team: "team_a" }, "me")).toBe(true);
    expect(threadMatches(thread({ team: null }), { ...NO_FILTERS, team: "team_a" }, "me")).toBe(false);
    expect(threadMatches(thread({ team: null }), { ...NO_FILTERS, team: "none" }, "me")).toBe(true);
    expect(threadMatches(thread({ team }), { ...NO_FILTERS, team: "none" }, "me")).toBe(false);
    expect(countExtraFilters({ ...NO_FILTERS, team: "none" })).toBe(1);
  });
});
