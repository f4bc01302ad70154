import { Alert, Anchor, Button, Code, DataList, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconCheck, IconListSearch, IconX } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { QueryState } from "../../components/QueryState";
import { useFormatters, useT } from "../../i18n/I18nProvider";
import type { TraceSource } from "../traces/api";
import { TraceDrawer } from "../traces/TraceDrawer";
import { formatDuration, formatValue } from "../traces/trace-format";
import { type EvalResult, type EvalRunDetail, evalKeys, getResultTrace, getRun, runIsActive } from "./api";
import { ResultBadge, RunBadge } from "./RunBadge";
import { RUN_POLL_MS } from "./use-runs";

/** The trace of one case's turn in a run (GET …/evals/runs/{run}/results/{case}/trace). */
export const resultTraceSource = (botId: string, runId: string, caseId: string): TraceSource => ({
  key: evalKeys.trace(botId, runId, caseId),
  load: () => getResultTrace(botId, runId, caseId),
});

/** One run: what ran, and each case's reply and expectations; a failure opens its trace. */
export function RunDetail(props: { botId: string; runId: string }) {
  const t = useT("evals");
  const run = useQuery({
    queryKey: evalKeys.run(props.botId, props.runId),
    queryFn: () => getRun(props.botId, props.runId),
    refetchInterval: (query) => (query.state.data && runIsActive(query.state.data) ? RUN_POLL_MS : false),
  });
  const [traceOf, setTraceOf] = useState<string | null>(null);
  return (
    <Stack gap="md" data-testid="run-detail">
      <Anchor component={Link} to="?tab=evals" size="sm">
        <Group gap={4} component="span" wrap="nowrap">
          <IconArrowLeft size={14} />
          {t("detail.back")}
        </Group>
      </Anchor>
      <QueryState query={run}>
        {(data) => (
          <>
            <RunHeader run={data} />
            {data.results.length === 0 && runIsActive(data) ? (
              <Text size="sm" c="dimmed">
                {t("detail.waiting")}
              </Text>
            ) : null}
            {[...data.results]
              .sort((a, b) => statusOrder(a) - statusOrder(b))
              .map((result) => (
                <ResultCard key={result.case_id} result={result} onTrace={() => setTraceOf(result.case_id)} />
              ))}
          </>
        )}
      </QueryState>
      <TraceDrawer
        source={traceOf === null ? null : resultTraceSource(props.botId, props.runId, traceOf)}
        onClose={() => setTraceOf(null)}
      />
    </Stack>
  );
}

/** Failures first: they are what a reader came for. */
const statusOrder = (result: EvalResult) =>
  result.status === "passed" ? 2 : result.status === "error" ? 1 : 0;

function RunHeader({ run }: { run: EvalRunDetail }) {
  const t = useT("evals");
  const { dateTime, number } = useFormatters();
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Group gap="sm" wrap="wrap">
          <Title order={3}>{t("detail.title", { version: run.version })}</Title>
          <RunBadge run={run} />
        </Group>
        <DataList labelWidth={150}>
          <Item label={t("detail.model")}>
            <Code style={{ overflowWrap: "anywhere" }}>{run.model}</Code>
          </Item>
          {run.judge_model && run.judge_model !== run.model ? (
            <Item label={t("detail.judge")}>
              <Code style={{ overflowWrap: "anywhere" }}>{run.judge_model}</Code>
            </Item>
          ) : null}
          <Item label={t("detail.settingsVersion")}>
            <Code>{run.settings_version}</Code>
          </Item>
          <Item label={t("detail.started")}>{dateTime(run.started_at ?? run.created_at)}</Item>
          {run.finished_at ? <Item label={t("detail.finished")}>{dateTime(run.finished_at)}</Item> : null}
          <Item label={t("detail.tokens")}>
            {t("detail.tokensValue", {
              input: number(run.usage.input_tokens),
              output: number(run.usage.output_tokens),
            })}
          </Item>
        </DataList>
        {run.error ? (
          <Alert color="red" role="alert">
            {run.error.message} <Code>{run.error.code}</Code>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

function ResultCard({ result, onTrace }: { result: EvalResult; onTrace(): void }) {
  const t = useT("evals");
  return (
    <Paper
      withBorder
      p="sm"
      data-testid="result-card"
      data-case-id={result.case_id}
      data-status={result.status}
      style={result.status === "passed" ? undefined : { borderColor: "var(--mantine-color-red-4)" }}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: "anywhere" }}>
              {result.case_name}
            </Text>
            <ResultBadge status={result.status} />
            <Text size="xs" c="dimmed">
              {formatDuration(result.duration_ms)}
            </Text>
          </Group>
          <Button
            size="compact-sm"
            variant={result.status === "passed" ? "subtle" : "light"}
            color={result.status === "passed" ? "gray" : "red"}
            leftSection={<IconListSearch size={14} aria-hidden />}
            onClick={onTrace}
            data-testid="open-trace"
          >
            {t("detail.openTrace")}
          </Button>
        </Group>
        {result.error ? (
          <Alert color="orange" p="xs">
            <Text size="sm">
              {result.error.message} <Code>{result.error.code}</Code>
            </Text>
          </Alert>
        ) : null}
        <Stack gap={2}>
          <Text size="xs" fw={600} c="dimmed">
            {t("detail.reply")}
          </Text>
          <Text
            size="sm"
            style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
            data-testid="result-reply"
          >
            {result.reply ?? t("detail.noReply")}
          </Text>
        </Stack>
        {result.expectations.length > 0 ? (
          <Stack gap={4} role="list" aria-label={t("detail.expectations")}>
            {result.expectations.map((expectation, index) => (
              <Group
                // Two expectations of a case may have the same type; their order is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: expectations have no id
                key={index}
                gap={6}
                wrap="nowrap"
                align="flex-start"
                role="listitem"
                data-testid="result-expectation"
                data-passed={String(expectation.passed)}
              >
                {expectation.passed ? (
                  <IconCheck size={16} color="var(--mantine-color-teal-6)" aria-label={t("detail.met")} />
                ) : (
                  <IconX size={16} color="var(--mantine-color-red-6)" aria-label={t("detail.notMet")} />
                )}
                <Text size="sm" style={{ overflowWrap: "anywhere", minWidth: 0 }}>
                  <Text span fw={600} size="sm">
                    {t(`expectation.${expectation.type}`)}
                  </Text>
                  {expectation.detail ? `: ${expectation.detail}` : ""}
                </Text>
              </Group>
            ))}
          </Stack>
        ) : null}
        {result.tool_calls.length > 0 || result.handed_off ? (
          <Stack gap={2}>
            {result.tool_calls.map((call, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same tool may be called twice
              <Text key={index} size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {t("detail.toolCall")} <Code>{call.tool}</Code> {formatValue(call.arguments)}
              </Text>
            ))}
            {result.handed_off ? (
              <Text size="xs" c="dimmed">
                {t("detail.handedOff")}
              </Text>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

function Item(props: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{props.label}</DataList.ItemLabel>
      <DataList.ItemValue>{props.children}</DataList.ItemValue>
    </DataList.Item>
  );
}
