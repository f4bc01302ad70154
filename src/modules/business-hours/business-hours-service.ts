import type { AuthContext } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import type { Repos } from "../../storage/repos/index.js";
import type { PromptFacts } from "../engine/index.js";
import { businessHoursStatus, parseBusinessHours } from "./business-hours.js";
import { formatLocalTime } from "./schedule.js";
import type { BusinessHours, BusinessHoursSettings, BusinessHoursStatus } from "./schemas.js";

/**
 * A project's business hours (docs/business-hours.md): read and replaced whole through the API,
 * asked whether people are in, and told to the model as prompt variables.
 */
export class BusinessHoursService {
  constructor(private readonly deps: { repos: Repos; clock: Clock }) {}

  /** The project's business hours (the defaults, `updated_at` null, when never set). */
  async get(auth: AuthContext): Promise<BusinessHours> {
    const row = await this.deps.repos.businessHours.find(auth.projectId);
    return { ...parseBusinessHours(row?.settings), updated_at: row?.updated_at ?? null };
  }

  /** Replaces them whole (validated by the route's schema). */
  async replace(auth: AuthContext, settings: BusinessHoursSettings): Promise<BusinessHours> {
    const updatedAt = this.deps.clock.now().toISOString();
    await this.deps.repos.businessHours.save({
      project_id: auth.projectId,
      settings: JSON.stringify(settings),
      updated_at: updatedAt,
    });
    return { ...settings, updated_at: updatedAt };
  }

  /** Whether people are in at `at` (default: now), and when they next open and close. */
  async status(auth: AuthContext, at?: string): Promise<BusinessHoursStatus> {
    const settings = await this.settingsOf(auth.projectId);
    const moment = at ? new Date(at) : this.deps.clock.now();
    const status = businessHoursStatus(settings, moment);
    return {
      enabled: settings.enabled,
      open: status.open,
      at: moment.toISOString(),
      next_open_at: status.nextOpenAt?.toISOString() ?? null,
      next_close_at: status.nextCloseAt?.toISOString() ?? null,
      timezone: settings.timezone,
    };
  }

  async settingsOf(projectId: string): Promise<BusinessHoursSettings> {
    return parseBusinessHours((await this.deps.repos.businessHours.find(projectId))?.settings);
  }

  /**
   * What the model is told (docs/agent.md, "Prompt variables"): `{{business_hours.open}}`
   * (`true`/`false`), `{{business_hours.next_open}}` (the next opening in the project's zone,
   * in English, "" when open or none is known) and `{{business_hours.timezone}}`; with hours on,
   * a "## Business hours" section too.
   */
  async promptFacts(projectId: string): Promise<PromptFacts> {
    const settings = await this.settingsOf(projectId);
    const now = this.deps.clock.now();
    const status = businessHoursStatus(settings, now);
    const zone = settings.timezone;
    const at = (date: Date) => `${formatLocalTime(date, zone, "en")} (${zone})`;
    const nextOpen = !status.open && status.nextOpenAt ? at(status.nextOpenAt) : "";
    const variables = {
      "business_hours.open": String(status.open),
      "business_hours.next_open": nextOpen,
      "business_hours.timezone": zone,
    };
    if (!settings.enabled) return { variables, sections: [] };
    const state = status.open
      ? `The support team is in now${status.nextCloseAt ? `, until ${at(status.nextCloseAt)}` : ""}.`
      : `The support team is out now; ${nextOpen ? `people are back ${nextOpen}` : "no return time is set"}.`;
    return {
      variables,
      sections: [["## Business hours", `It is ${at(now)}. ${state}`].join("\n")],
    };
  }
}
