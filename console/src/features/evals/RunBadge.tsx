import { Badge, Group, Loader, Text } from "@mantine/core";
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
        style={{ minWidth: "max-content" }}
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
        style={{ minWidth: "max-content" }}
        data-testid="run-badge"
        data-status="failed"
        title={run.error?.message}
      >
        {t("runStatus.failed")}
      </Badge>
    );
  }
  // The badge keeps to "2/3 passed" so it fits a phone's table cell; what failed follows as text,
  // which may wrap.
  const { total, passed, failed, errored } = run.summary;
  const rest = [
    ...(failed > 0 ? [t("summary.failed", { n: failed })] : []),
    ...(errored > 0 ? [t("summary.errored", { n: errored })] : []),
  ];
  return (
    <Group
      gap={4}
      wrap="wrap"
      display="inline-flex"
      data-testid="run-badge"
      data-status={run.passed ? "passed" : "not-passed"}
    >
      <Badge
        color={run.passed ? "teal" : "red"}
        variant="light"
        style={{ textTransform: "none", minWidth: "max-content" }}
      >
        {t("summary.passed", { passed, total })}
      </Badge>
      {rest.length > 0 ? (
        <Text span size="xs" c="red.8">
          {` · ${rest.join(" · ")}`}
        </Text>
      ) : null}
    </Group>
  );
}

const RESULT_COLORS: Record<ResultStatus, string> = { passed: "teal", failed: "red", error: "orange" };

/** One case's result: passed, failed or error. */
export function ResultBadge({ status }: { status: ResultStatus }) {
  const t = useT("evals");
  return (
    <Badge
      color={RESULT_COLORS[status]}
      variant="light"
      style={{ minWidth: "max-content" }}
      data-testid="result-badge"
      data-status={status}
    >
      {t(`resultStatus.${status}`)}
    </Badge>
  );
}
