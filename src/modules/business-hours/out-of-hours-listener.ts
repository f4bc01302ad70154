import type { DomainEvent } from "../../events/domain-event.js";
import type { DomainEventListener } from "../../events/event-listener.js";
import type { UnitOfWork } from "../../events/unit-of-work.js";
import type { Clock } from "../../infra/clock.js";
import type { Repos } from "../../storage/repos/index.js";
import { detectLanguage, type ThreadWriter } from "../engine/index.js";
import { businessHoursStatus, outOfHoursText, parseBusinessHours } from "./business-hours.js";

type ModeChanged = Extract<DomainEvent, { type: "thread.mode.changed" }>;

/** Messages looked through for the customer's latest one (its language). */
const LANGUAGE_WINDOW = 20;

/** Parley itself handed the thread from the bot to people: the handoff tool, a failed reply. */
function isBotHandoff(event: DomainEvent): event is ModeChanged {
  return (
    event.type === "thread.mode.changed" &&
    event.by === undefined &&
    event.source !== undefined &&
    event.previousMode === "auto" &&
    event.mode === "manual"
  );
}

/**
 * The out-of-hours message (docs/business-hours.md): when Parley hands a conversation to people
 * (the `handoff_to_operator` tool, a failed reply's hand-off) while the project's business hours
 * say they are out, the customer gets the configured message as a bot message, in their
 * language, in the same transaction as the hand-off: once per hand-off, since the mode changes
 * once. Its `thread.message.created` is raised for the listeners after this one (the channel's
 * delivery, webhooks, streams), so it must come first in the table.
 */
export function outOfHoursListener(deps: { writer: ThreadWriter; clock: Clock }): DomainEventListener {
  return {
    name: "business-hours",
    async record(repos, projectId, events, raise) {
      const handoffs = events.filter(isBotHandoff);
      if (handoffs.length === 0) return undefined;
      const settings = parseBusinessHours((await repos.businessHours.find(projectId))?.settings);
      if (!settings.enabled || !settings.out_of_hours_message) return undefined;
      const now = deps.clock.now();
      const status = businessHoursStatus(settings, now);
      if (status.open) return undefined;
      const unit = listenerUnit(repos, raise);
      for (const threadId of new Set(handoffs.map((event) => event.threadId))) {
        const thread = await repos.threads.find(projectId, threadId);
        if (!thread) continue;
        const recent = await repos.messages.latest(projectId, threadId, LANGUAGE_WINDOW);
        const customer = recent.findLast((message) => message.role === "user");
        const text = outOfHoursText(settings, status, detectLanguage(customer?.content ?? ""));
        if (!text) continue;
        await deps.writer.insertMessage(unit, thread, "assistant", "bot", text, null, now.toISOString());
      }
      return undefined;
    },
  };
}

/** The change's repositories, and its events raised for the listeners after this one. */
function listenerUnit(repos: Repos, raise: (event: DomainEvent) => void): UnitOfWork {
  const noJobs = () => Promise.reject(new Error("a listener enqueues no jobs"));
  return { repos, record: raise, enqueue: noJobs, claim: noJobs };
}
