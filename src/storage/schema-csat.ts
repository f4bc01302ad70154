/** CSAT (migration 0039; docs/csat.md). */
export interface CsatSettingsTable {
  project_id: string;
  /** JSON CsatSettings: enabled, question, scale. */
  settings: string;
  updated_at: string;
}

/** `asked`: waiting for the answer; `answered`: rated; `expired`: the customer wrote something else. */
export type CsatSurveyState = "asked" | "answered" | "expired";

export interface CsatSurveysTable {
  id: string;
  project_id: string;
  thread_id: string;
  chat_id: string;
  bot_id: string;
  /** Who is rated: the thread's assignee when it was resolved; null: the bot alone. */
  operator_id: string | null;
  operator_name: string | null;
  /** The thread's channel (`widget`, `api`, a vendor id). */
  channel: string;
  scale: string;
  /** The survey's bot message. */
  message_id: string | null;
  state: CsatSurveyState;
  rating: number | null;
  comment: string | null;
  asked_at: string;
  answered_at: string | null;
}

export interface CsatTables {
  csat_settings: CsatSettingsTable;
  csat_surveys: CsatSurveysTable;
}
