import type { Metrics } from "../../infra/metrics.js";
import type { TurnObserver } from "./turn-report.js";

/**
 * Turns and model calls as Prometheus metrics. Labels are bounded: the outcome, a failure code,
 * a reason for not answering and the model id (a catalog id: calls are made only for models
 * the registry resolved); never a thread, bot or project id.
 */
export function turnMetrics(metrics: Metrics): TurnObserver {
  return {
    modelCall(call) {
      const model = { model: call.model };
      if (!call.ok) {
        metrics.modelErrors.inc({ ...model, kind: call.timedOut ? "timeout" : "error" });
        return;
      }
      if (call.firstTokenMs !== null) metrics.modelFirstToken.observe(model, call.firstTokenMs / 1000);
      metrics.modelDuration.observe(model, call.durationMs / 1000);
      metrics.modelTokens.inc({ ...model, direction: "input" }, call.inputTokens);
      metrics.modelTokens.inc({ ...model, direction: "output" }, call.outputTokens);
    },
    modelRetry(model) {
      metrics.modelRetries.inc({ model });
    },
    turnFinished(report) {
      metrics.turns.inc({ outcome: report.outcome, code: report.code ?? "", reason: report.reason ?? "" });
    },
  };
}
