import { Anchor, Button, Checkbox, Group, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconGitCompare } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { EmptyState, QueryState } from "../../components/QueryState";
import { useFormatters, useT } from "../../i18n/I18nProvider";
import type { EvalRun } from "./api";
import { RunBadge } from "./RunBadge";
import { useBotRuns } from "./use-runs";

/** The query string that opens a run, or two runs side by side, on the Evaluations tab. */
export const runLink = (runId: string) => `?tab=evals&run=${encodeURIComponent(runId)}`;
export const compareLink = (base: string, head: string) =>
  `?tab=evals&base=${encodeURIComponent(base)}&head=${encodeURIComponent(head)}`;

/**
 * The bot's runs, newest first, read again while one is queued or running. Tick two to compare
 * them: the older one is the base.
 */
export function RunsTable(props: { botId: string; onCompare(base: EvalRun, head: EvalRun): void }) {
  const t = useT("evals");
  const { dateTime } = useFormatters();
  const runs = useBotRuns(props.botId);
  const [selected, setSelected] = useState<string[]>([]);
  const list = runs.data?.data ?? [];
  const chosen = list.filter((run) => selected.includes(run.id));

  const compare = () => {
    const [head, base] = [...chosen].sort((a, b) => b.created_at.localeCompare(a.created_at));
    if (base && head) props.onCompare(base, head);
  };

  return (
    <Stack gap="sm" data-testid="runs-panel">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={4}>{t("runs.title")}</Title>
        <Button
          variant="default"
          leftSection={<IconGitCompare size={16} aria-hidden />}
          disabled={chosen.length !== 2}
          onClick={compare}
          data-testid="compare-runs"
        >
          {t("runs.compare", { n: chosen.length })}
        </Button>
      </Group>
      <QueryState query={runs}>
        {() =>
          list.length === 0 ? (
            <EmptyState title={t("runs.emptyTitle")} hint={t("runs.emptyHint")} />
          ) : (
            <Table verticalSpacing="xs" highlightOnHover data-testid="runs-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={36}>
                    <VisuallyHidden>{t("runs.select")}</VisuallyHidden>
                  </Table.Th>
                  <Table.Th>{t("runs.run")}</Table.Th>
                  <Table.Th visibleFrom="sm">{t("runs.model")}</Table.Th>
                  <Table.Th>{t("runs.result")}</Table.Th>
                  <Table.Th visibleFrom="md">{t("runs.started")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((run) => (
                  <Table.Tr key={run.id} data-testid="run-row" data-run-id={run.id} data-status={run.status}>
                    <Table.Td>
                      <Checkbox
                        aria-label={t("runs.selectRun", {
                          version: run.version,
                          time: dateTime(run.created_at),
                        })}
                        checked={selected.includes(run.id)}
                        onChange={(event) => {
                          const on = event.currentTarget.checked;
                          setSelected((current) =>
                            on
                              ? [...current.filter((id) => id !== run.id), run.id].slice(-2)
                              : current.filter((id) => id !== run.id),
                          );
                        }}
                        data-testid="run-select"
                      />
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={0}>
                        <Anchor
                          component={Link}
                          to={runLink(run.id)}
                          size="sm"
                          fw={600}
                          data-testid="open-run"
                        >
                          {t("runs.versionValue", { version: run.version })}
                        </Anchor>
                        <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ overflowWrap: "anywhere" }}>
                          {run.model}
                        </Text>
                        <Text size="xs" c="dimmed" hiddenFrom="md">
                          {dateTime(run.created_at)}
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td visibleFrom="sm" style={{ maxWidth: 240 }}>
                      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                        {run.model}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <RunBadge run={run} />
                    </Table.Td>
                    <Table.Td visibleFrom="md">
                      <Text size="sm">{dateTime(run.created_at)}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </QueryState>
    </Stack>
  );
}
