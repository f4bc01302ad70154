import { Alert, Badge, Code, DataList, Drawer, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ApiError } from "../../api/client";
import { QueryState } from "../../components/QueryState";
import { useFormatters, useT } from "../../i18n/I18nProvider";
import type { TraceSource } from "./api";
import { formatCredits, formatDuration, formatScore, formatValue, snippet } from "./trace-format";
import type { TurnTrace } from "./types";

/** A message of the thread, as the drawer quotes the window. */
export interface QuotedMessage {
  id: string;
  author: string;
  content: string;
}

/**
 * "Why this answer" (docs/console.md): the trace of the turn that stored a bot message — the
 * window and what recall and knowledge added, each model request and tool call, the outcome.
 * `source` says where the trace is read (a thread's message, or an evaluation run's result:
 * docs/quality.md, "Versions and evaluations in the console"); null keeps the drawer closed.
 */
export function TraceDrawer(props: {
  source: TraceSource | null;
  /** The thread's messages, to quote the window by text rather than by id. */
  messages?: readonly QuotedMessage[];
  onClose(): void;
}) {
  const t = useT("trace");
  const narrow = useMediaQuery("(max-width: 48em)");
  const { source } = props;
  const trace = useQuery({
    queryKey: source?.key ?? ["traces", "none"],
    queryFn: () => source!.load(),
    enabled: source !== null,
    // The drawer's body reads the result after opening (in its transition), which property
    // tracking can miss: the drawer then stayed on "Loading…" (seen in component tests).
    notifyOnChangeProps: "all",
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  return (
    <Drawer
      opened={source !== null}
      onClose={props.onClose}
      position="right"
      size={narrow ? "100%" : "xl"}
      title={t("title")}
    >
      {source === null ? null : trace.error instanceof ApiError && trace.error.status === 404 ? (
        <Alert color="gray" data-testid="trace-missing">
          {t("missing")}
        </Alert>
      ) : (
        <QueryState query={trace}>
          {(data) => <TraceView trace={data} messages={props.messages ?? []} />}
        </QueryState>
      )}
    </Drawer>
  );
}

function TraceView({ trace, messages }: { trace: TurnTrace; messages: readonly QuotedMessage[] }) {
  const t = useT("trace");
  const { dateTime, number } = useFormatters();
  const byId = new Map(messages.map((message) => [message.id, message]));
  return (
    <Stack data-testid="trace" gap="md">
      <DataList labelWidth={170}>
        <Item label={t("outcome")}>
          <Badge color={trace.outcome === "replied" ? "teal" : "red"} variant="light">
            {trace.outcome === "replied" ? t("replied") : t("failed", { code: trace.code ?? "" })}
          </Badge>
        </Item>
        {trace.reason ? <Item label={t("reason")}>{trace.reason}</Item> : null}
        <Item label={t("model")}>
          <Code>{trace.model ?? "—"}</Code>
        </Item>
        <Item label={t("settings")}>
          <Code>{trace.settings_version ?? "—"}</Code>
          {trace.bot_version != null ? (
            <Text span size="sm" ml="xs" data-testid="trace-bot-version">
              {t("botVersion", { version: trace.bot_version })}
            </Text>
          ) : null}
        </Item>
        <Item label={t("started")}>{dateTime(trace.started_at)}</Item>
        <Item label={t("duration")}>
          {t("durationValue", {
            total: formatDuration(trace.duration_ms),
            first: formatDuration(trace.first_token_ms),
          })}
        </Item>
        <Item label={t("tokens")}>
          {t("tokensValue", {
            input: number(trace.usage.input_tokens),
            output: number(trace.usage.output_tokens),
          })}
        </Item>
        <Item label={t("credits")}>{formatCredits(trace.credits)}</Item>
        <Item label={t("formatting")}>
          {trace.formatting.length > 0 ? trace.formatting.map((f) => t(`format.${f}`)).join(", ") : t("none")}
        </Item>
      </DataList>
      {trace.truncated ? <Alert color="yellow">{t("truncated")}</Alert> : null}

      {trace.feedback.length > 0 ? (
        <Section title={t("feedback.title")}>
          {trace.feedback.map((entry) => (
            <Stack key={entry.id} gap={2} data-testid="trace-feedback">
              <Text size="sm">
                {entry.rating === "up" ? "👍" : "👎"}{" "}
                {entry.source === "customer"
                  ? t("feedback.customer")
                  : (entry.operator?.name ?? t("feedback.api"))}
                {entry.comment ? `: ${entry.comment}` : ""}
              </Text>
              {entry.correction ? (
                <Text size="sm" c="dimmed">
                  {t("feedback.correction")} {entry.correction}
                </Text>
              ) : null}
            </Stack>
          ))}
        </Section>
      ) : null}

      {trace.thread_id === null && trace.window.message_ids.length === 0 ? (
        // An evaluation's turn (docs/quality.md, "Versions and evaluations in the console").
        <Section title={t("window.evaluationTitle")}>
          <Text size="sm" c="dimmed" data-testid="trace-window">
            {t("window.evaluation")}
          </Text>
        </Section>
      ) : (
        <Section title={t("window.title", { n: trace.window.message_ids.length })}>
          <Stack gap={4} data-testid="trace-window">
            {trace.window.message_ids.map((id) => {
              const quoted = byId.get(id);
              return (
                <Text key={id} size="sm">
                  <Text span c="dimmed" size="xs">
                    {quoted ? t(`author.${quoted.author}`) : id}
                    {": "}
                  </Text>
                  {quoted ? snippet(quoted.content) : t("window.older")}
                </Text>
              );
            })}
          </Stack>
          {trace.window.recalled.length > 0 ? (
            <>
              <Text size="sm" fw={600} mt="xs">
                {t("window.recalled")}
              </Text>
              {trace.window.recalled.map((hit) => (
                <Text key={hit.message_id} size="sm">
                  {t("window.recalledHit", { score: formatScore(hit.score) })}{" "}
                  {byId.get(hit.message_id) ? (
                    snippet(byId.get(hit.message_id)!.content)
                  ) : (
                    <Code>{hit.message_id}</Code>
                  )}
                </Text>
              ))}
            </>
          ) : null}
        </Section>
      )}

      {trace.knowledge.length > 0 ? (
        <Section title={t("knowledge.title")}>
          {numbered(trace.knowledge).map(({ item: search, key }) => (
            <Stack key={key} gap={4} data-testid="trace-knowledge">
              <Text size="sm">
                {t("knowledge.query")} <Code>{search.query}</Code>
              </Text>
              {search.passages.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t("knowledge.nothing")}
                </Text>
              ) : (
                <Table fz="sm" withTableBorder>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("knowledge.file")}</Table.Th>
                      <Table.Th>{t("knowledge.chunk")}</Table.Th>
                      <Table.Th>{t("knowledge.score")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {search.passages.map((passage) => (
                      <Table.Tr key={`${passage.file_id}-${passage.chunk}`}>
                        <Table.Td>{passage.file_name}</Table.Td>
                        <Table.Td>{passage.chunk + 1}</Table.Td>
                        <Table.Td>{formatScore(passage.score)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Stack>
          ))}
        </Section>
      ) : null}

      <Section title={t("requests.title", { n: trace.model_requests.length })}>
        <Table.ScrollContainer minWidth={520}>
          <Table fz="sm" withTableBorder data-testid="trace-requests">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("requests.attempt")}</Table.Th>
                <Table.Th>{t("requests.tokens")}</Table.Th>
                <Table.Th>{t("requests.firstToken")}</Table.Th>
                <Table.Th>{t("requests.duration")}</Table.Th>
                <Table.Th>{t("requests.finish")}</Table.Th>
                <Table.Th>{t("requests.cost")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {trace.model_requests.map((request) => (
                <Table.Tr key={`${request.attempt}-${request.step}`}>
                  <Table.Td>
                    {t("requests.attemptValue", { attempt: request.attempt, step: request.step + 1 })}
                  </Table.Td>
                  <Table.Td>{`${number(request.input_tokens)} → ${number(request.output_tokens)}`}</Table.Td>
                  <Table.Td>{formatDuration(request.first_token_ms)}</Table.Td>
                  <Table.Td>{formatDuration(request.duration_ms)}</Table.Td>
                  <Table.Td>
                    {request.error ? (
                      <Text size="sm" c="red" title={request.error.message}>
                        {request.error.code}
                      </Text>
                    ) : (
                      (request.finish_reason ?? "—")
                    )}
                  </Table.Td>
                  <Table.Td>{formatCredits(request.cost_credits)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {trace.model_requests
          .filter((request) => request.error)
          .map((request) => (
            <Text key={`error-${request.attempt}-${request.step}`} size="xs" c="red">
              {t("requests.errorLine", { attempt: request.attempt, message: request.error!.message })}
            </Text>
          ))}
      </Section>

      {trace.tool_calls.length > 0 ? (
        <Section title={t("tools.title", { n: trace.tool_calls.length })}>
          {trace.tool_calls.map((call) => (
            <details key={call.call_id} data-testid="trace-tool">
              <summary>
                <Group gap="xs" display="inline-flex">
                  <Code>{call.name}</Code>
                  <Badge
                    size="sm"
                    variant="light"
                    color={call.status === "ok" ? "teal" : call.status === "denied" ? "gray" : "red"}
                  >
                    {t(`tools.status.${call.status}`)}
                  </Badge>
                  <Text span size="xs" c="dimmed">
                    {formatDuration(call.duration_ms)}
                  </Text>
                  {call.approval ? (
                    <Text span size="xs" c="dimmed">
                      {t(`tools.approval.${call.approval.decision}`, {
                        who: call.approval.decided_by ? t(`tools.who.${call.approval.decided_by}`) : "—",
                      })}
                    </Text>
                  ) : null}
                </Group>
              </summary>
              <Text size="xs" fw={600} mt={4}>
                {t("tools.args")}
              </Text>
              <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {formatValue(call.args)}
              </Code>
              <Text size="xs" fw={600} mt={4}>
                {t("tools.result")}
              </Text>
              <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {formatValue(call.result)}
              </Code>
            </details>
          ))}
        </Section>
      ) : null}
    </Stack>
  );
}

/** A trace's searches in their order, keyed by it: the same query may be searched twice. */
function numbered<T>(items: readonly T[]): Array<{ item: T; key: string }> {
  return items.map((item, position) => ({ item, key: `search-${position}` }));
}

function Section(props: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={5}>{props.title}</Title>
      {props.children}
    </Stack>
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
