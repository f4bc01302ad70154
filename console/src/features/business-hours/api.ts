/**
 * The project's business hours (docs/business-hours.md): read, replaced whole, and whether
 * people are in now. Operators may use all three.
 */
import { api } from "../../api/client";

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface Interval {
  from: string;
  to: string;
}

export interface Holiday {
  date: string;
  to?: string;
  name?: string;
}

export interface BusinessHoursInput {
  enabled: boolean;
  timezone: string;
  weekly: Record<Weekday, Interval[]>;
  holidays: Holiday[];
  out_of_hours_message: Record<string, string> | null;
}

export interface BusinessHours extends BusinessHoursInput {
  updated_at: string | null;
}

export interface BusinessHoursStatus {
  enabled: boolean;
  open: boolean;
  at: string;
  next_open_at: string | null;
  next_close_at: string | null;
  timezone: string;
}

export const businessHoursKeys = {
  settings: ["business-hours"] as const,
  status: ["business-hours", "status"] as const,
};

export const getBusinessHours = () => api<BusinessHours>("/business_hours");

export const saveBusinessHours = (body: BusinessHoursInput) =>
  api<BusinessHours>("/business_hours", { method: "POST", body });

export const getBusinessHoursStatus = () => api<BusinessHoursStatus>("/business_hours/status");
