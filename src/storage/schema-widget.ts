/** The web widget (docs/widget.md). */
export interface WidgetConfigsTable {
  chat_id: string;
  project_id: string;
  /** JSON array of origins (`https://shop.example`) allowed to embed the chat. */
  allowed_origins: string;
  /** JSON WidgetTheme: title, greeting, color, position, language. */
  theme: string;
  identity_required: number;
  /** Sealed (SecretBox) HMAC key for visitor identities; null until generated. */
  identity_secret: string | null;
  updated_at: string;
}

export interface WidgetVisitorsTable {
  id: string;
  chat_id: string;
  project_id: string;
  /** SHA-256 of the visitor token kept by the browser. */
  token_hash: string;
  /** The visitor's conversation (created with the first message). */
  thread_id: string;
  /** The Person's external id: `visitor:<id>`, or `user:<user id>` for a verified identity. */
  person_external_id: string;
  identity_user_id: string | null;
  /** The name a verified identity came with, for the Person. */
  person_name: string | null;
  created_at: string;
  last_seen_at: string;
}

export interface WidgetTables {
  widget_configs: WidgetConfigsTable;
  widget_visitors: WidgetVisitorsTable;
}
