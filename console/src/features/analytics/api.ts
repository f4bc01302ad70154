import { api, apiUrl } from "../../api/client";

/** The analytics API (docs/quality.md, "Analytics"): `GET /v1/analytics` and its CSV. */

export interface ResponseTimes {
  count: number;
  p50_ms: number | null;
  p90_ms: number | null;
}

export interface AnalyticsCounts {
  conversations: number;
  resolved_conversations: number;
  handed_off_conversations: number;
  resolution_rate: number | null;
  handoff_rate: number | null;
  messages: number;
  user_messages: number;
  bot_messages: number;
  operator_messages: number;
  bot_replies: number;
  failed_replies: number;
  first_response: { bot: ResponseTimes; people: ResponseTimes };
  feedback: { up: number; down: number; score: number | null };
  cost: { credits: number; per_conversation: number | null; per_resolved_conversation: number | null };
}

export interface AnalyticsDay extends AnalyticsCounts {
  date: string;
}

export type HandoffReason = "tool" | "reply_failure" | "operator" | "api" | "unknown";

export interface AnalyticsReport {
  from: string;
  to: string;
  time_zone: string;
  bot_id: string | null;
  channel: string | null;
  totals: AnalyticsCounts & {
    handoff_reasons: Array<{ reason: HandoffReason; count: number }>;
    failed_replies_by_code: Array<{ code: string; count: number }>;
    tool_calls: Array<{ name: string; count: number }>;
  };
  days: AnalyticsDay[];
}

/** What the dashboard asks for; an empty bot or channel means all of them. */
export interface AnalyticsFilters {
  from: string;
  to: string;
  timeZone: string;
  botId: string | null;
  channel: string | null;
}

function queryOf(filters: AnalyticsFilters) {
  return {
    from: filters.from,
    to: filters.to,
    time_zone: filters.timeZone,
    bot_id: filters.botId,
    channel: filters.channel,
  };
}

export const analyticsKeys = {
  report: (filters: AnalyticsFilters) => ["analytics", filters] as const,
};

export const getAnalytics = (filters: AnalyticsFilters) =>
  api<AnalyticsReport>("/analytics", { query: queryOf(filters) });

/** The CSV of the same filters: a plain link, the session cookie authenticates it. */
export const analyticsCsvUrl = (filters: AnalyticsFilters) => apiUrl("/analytics.csv", queryOf(filters));

/** The filters' choices: the project's bots and integrations (by name and vendor). */
export const listBotChoices = () => api<Array<{ id: string; name: string }>>("/bots");
export const listIntegrationVendors = () => api<Array<{ vendor: string }>>("/integrations");

/** CSAT reports (docs/csat.md, "Reports"): answered ratings in the filters' days, as UTC days. */
export interface CsatSummary {
  group_by: "operator" | "bot";
  count: number;
  average: number | null;
  groups: Array<{ key: string | null; name: string | null; count: number; average: number | null }>;
}

export const csatKeys = {
  summary: (filters: AnalyticsFilters, groupBy: "operator" | "bot") => ["csat", filters, groupBy] as const,
};

const dayAfter = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export const getCsatSummary = (filters: AnalyticsFilters, groupBy: "operator" | "bot") =>
  api<CsatSummary>("/csat/summary", {
    query: {
      from: `${filters.from}T00:00:00Z`,
      to: `${dayAfter(filters.to)}T00:00:00Z`,
      group_by: groupBy,
    },
  });
