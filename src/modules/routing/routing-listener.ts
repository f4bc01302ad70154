import type { DomainEventListener } from "../../events/event-listener.js";
import type { Router } from "./router.js";

const isHumanMode = (mode: string) => mode === "manual" || mode === "operator";

/**
 * Routing as a listener (docs/routing.md): every hand-off — the handoff tool, a failed reply's
 * hand-over, a switch to `manual` or `operator` through the API — records `thread.mode.changed`
 * from a mode the AI answers in to one a person does, so routing sees them all in one place. In
 * the hand-off's own transaction it queues the thread to the hand-off team and assigns it;
 * the `thread.assigned` it raises reaches the listeners after it (webhooks, the streams). A
 * person who took the thread over from the console is its assignee already: nothing to do.
 */
export function routingListener(router: Router): DomainEventListener {
  return {
    name: "routing",
    async record(repos, projectId, events, raise) {
      for (const event of events) {
        if (event.type !== "thread.mode.changed") continue;
        if (!isHumanMode(event.mode) || isHumanMode(event.previousMode)) continue;
        const thread = await repos.threads.find(projectId, event.threadId);
        if (thread && isHumanMode(thread.mode)) await router.handedOff(repos, raise, thread);
      }
      return undefined;
    },
  };
}
