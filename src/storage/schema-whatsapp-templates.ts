/** WhatsApp message templates per integration (migration 0040; docs/channels.md, "Templates"). */
export interface WhatsappTemplatesTable {
  id: string;
  project_id: string;
  integration_id: string;
  /** Meta's id of the template (per language); null when the listing gave none. */
  external_id: string | null;
  name: string;
  /** Meta's language and locale code, e.g. `en_US`. */
  language: string;
  /** `MARKETING`, `UTILITY`, `AUTHENTICATION`, as Meta names it. */
  category: string;
  /** `APPROVED`, `PENDING`, `REJECTED`, `PAUSED`, `DISABLED`, …: only `APPROVED` may be sent. */
  status: string;
  /** JSON array of the template's components as Meta listed them (`HEADER`, `BODY`, `FOOTER`, `BUTTONS`). */
  components: string;
  synced_at: string;
}

export interface WhatsappTemplateTables {
  whatsapp_templates: WhatsappTemplatesTable;
}
