import { Badge, Loader } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import { type EvalRun, type ResultStatus, runIsActive } from "./api";

/** A run's outcome in a few words: "4/4 passed", "2/4 passed · 1 failed · 1 error", "Running". */
export function RunBadge({ run }: { run: EvalRun }) {
  const t = useT("evals");
  if (runIsActive(run)) {
    return (
      <Badge
        color="blue"
        variant="light"
        leftSection={<Loader size={10} color="blue" />}
        data-testid="run-badge"
        data-status={run.status}
      >
        {t(`runStatus.${run.status}`)}
      </Badge>
    );
  }
  if (run.status === "failed") {
    return (
      <Badge
        color="red"
        variant="outline"
        data-testid="run-badge"
        data-status="failed"
        title={run.error?.message}
      >
        {t("runStatus.failed")}
      </Badge>
    );
  }
  const { total, passed, failed, errored } = run.summary;
  const parts = [t("summary.passed", { passed, total })];
  if (failed > 0) parts.push(t("summary.failed", { n: failed }));
  if (errored > 0) parts.push(t("summary.errored", { n: errored }));
  return (
    <Badge
      color={run.passed ? "teal" : "red"}
      variant="light"
      data-testid="run-badge"
      data-status={run.passed ? "passed" : "not-passed"}
      style={{ textTransform: "none" }}
    >
      {parts.join(" · ")}
    </Badge>
  );
}

const RESULT_COLORS: Record<ResultStatus, string> = { passed: "teal", failed: "red", error: "orange" };

/** One case's result: passed, failed or error. */
export function ResultBadge({ status }: { status: ResultStatus }) {
  const t = useT("evals");
  return (
    <Badge color={RESULT_COLORS[status]} variant="light" data-testid="result-badge" data-status={status}>
      {t(`resultStatus.${status}`)}
    </Badge>
  );
}
