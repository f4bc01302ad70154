/** Labels on conversations and people (migration 0034; docs/labels.md). */

export interface LabelsTable {
  /** `lbl_…` */
  id: string;
  project_id: string;
  /** As its author wrote it: 1 to 50 characters. */
  name: string;
  /** The name lower-cased: unique per project, what names are looked up by. */
  name_key: string;
  /** `#rrggbb`, or null. */
  color: string | null;
  description: string | null;
  created_at: string;
  updated_at: string;
}

/** Who put a label on: `operator:<id>`, `api_key:<id>` or `bot` (the add_label tool). */
export interface ThreadLabelsTable {
  label_id: string;
  project_id: string;
  thread_id: string;
  added_by: string;
  created_at: string;
}

export interface PersonLabelsTable {
  label_id: string;
  person_id: string;
  added_by: string;
  created_at: string;
}

export interface LabelTables {
  labels: LabelsTable;
  thread_labels: ThreadLabelsTable;
  person_labels: PersonLabelsTable;
}
