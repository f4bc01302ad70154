/** Business hours per project (migration 0037; docs/business-hours.md). */
export interface BusinessHoursTable {
  project_id: string;
  /** JSON BusinessHoursSettings: enabled, timezone, weekly, holidays, out_of_hours_message. */
  settings: string;
  updated_at: string;
}

export interface BusinessHoursTables {
  business_hours: BusinessHoursTable;
}
