import type { DomainEvent } from "../../events/domain-event.js";
import type { DomainEventListener } from "../../events/event-listener.js";
import type { UnitOfWork } from "../../events/unit-of-work.js";
import type { Repos } from "../../storage/repos/index.js";
import type { CsatService } from "./csat-service.js";

/**
 * The CSAT survey (docs/csat.md): when a thread's status changes to `resolved` (by anyone:
 * a person, a key, the bot's auto-resolve, the `resolve_conversation` tool), the survey is
 * asked as a bot message in the same transaction. Its `thread.message.created` is raised for
 * the listeners after this one (the channel's delivery, webhooks, streams), so it must come
 * before them in the table.
 */
export function csatSurveyListener(csat: CsatService): DomainEventListener {
  return {
    name: "csat",
    async record(repos, projectId, events, raise) {
      const resolved = events.filter(
        (event): event is Extract<DomainEvent, { type: "thread.status.changed" }> =>
          event.type === "thread.status.changed" && event.status === "resolved",
      );
      if (resolved.length === 0) return undefined;
      const unit = listenerUnit(repos, raise);
      for (const threadId of new Set(resolved.map((event) => event.threadId))) {
        await csat.ask(unit, projectId, threadId);
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
