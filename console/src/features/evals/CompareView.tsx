import { Anchor, Badge, Box, Code, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { QueryState } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { type CaseChange, compareRuns, type EvalComparison, type EvalRun, evalKeys } from "./api";
import { ResultBadge, RunBadge } from "./RunBadge";
import { runLink } from "./RunsTable";

const CHANGE_COLORS: Record<CaseChange, string> = {
  broken: "red",
  fixed: "teal",
  added: "blue",
  removed: "gray",
  same: "gray",
};
/** What changed first: a reader comes for what broke. */
const CHANGE_ORDER: Record<CaseChange, number> = { broken: 0, fixed: 1, added: 2, removed: 3, same: 4 };

/**
 * Two runs side by side (GET …/evals/compare): per case, the base's and the head's status and
 * reply, and what changed — fixed, broken, the same, added or removed — highlighted.
 */
export function CompareView(props: { botId: string; base: string; head: string }) {
  const t = useT("evals");
  const query = useQuery({
    queryKey: evalKeys.compare(props.botId, props.base, props.head),
    queryFn: () => compareRuns(props.botId, props.base, props.head),
  });
  return (
    <Stack gap="md" data-testid="compare-view">
      <Anchor component={Link} to="?tab=evals" size="sm">
        <Group gap={4} component="span" wrap="nowrap">
          <IconArrowLeft size={14} />
          {t("detail.back")}
        </Group>
      </Anchor>
      <QueryState query={query}>{(comparison) => <Comparison comparison={comparison} />}</QueryState>
    </Stack>
  );
}

function Comparison({ comparison }: { comparison: EvalComparison }) {
  const t = useT("evals");
  const counts = new Map<CaseChange, number>();
  for (const item of comparison.cases) counts.set(item.change, (counts.get(item.change) ?? 0) + 1);
  const cases = [...comparison.cases].sort((a, b) => CHANGE_ORDER[a.change] - CHANGE_ORDER[b.change]);
  return (
    <>
      <Title order={3}>{t("compare.title")}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <RunCard label={t("compare.base")} run={comparison.base} />
        <RunCard label={t("compare.head")} run={comparison.head} />
      </SimpleGrid>
      <Group gap="xs" wrap="wrap" data-testid="compare-counts">
        {(["broken", "fixed", "added", "removed", "same"] as const)
          .filter((change) => counts.has(change))
          .map((change) => (
            <Badge
              key={change}
              color={CHANGE_COLORS[change]}
              variant={change === "same" ? "outline" : "light"}
            >
              {t(`compare.count.${change}`, { n: counts.get(change)! })}
            </Badge>
          ))}
      </Group>
      {cases.map((item) => (
        <Paper
          key={item.case_id}
          withBorder
          p="sm"
          data-testid="compare-case"
          data-change={item.change}
          style={
            item.change === "same"
              ? undefined
              : {
                  borderColor: `var(--mantine-color-${CHANGE_COLORS[item.change]}-5)`,
                  borderLeftWidth: 4,
                }
          }
        >
          <Stack gap="xs">
            <Group gap="xs" wrap="wrap">
              <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                {item.name}
              </Text>
              <Badge
                color={CHANGE_COLORS[item.change]}
                variant={item.change === "same" ? "outline" : "filled"}
                data-testid="compare-change"
              >
                {t(`compare.change.${item.change}`)}
              </Badge>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Side label={t("compare.base")} side={item.base} />
              <Side label={t("compare.head")} side={item.head} />
            </SimpleGrid>
          </Stack>
        </Paper>
      ))}
    </>
  );
}

function RunCard({ label, run }: { label: string; run: EvalRun }) {
  const t = useT("evals");
  return (
    <Paper withBorder p="sm">
      <Stack gap={4}>
        <Text size="xs" fw={600} c="dimmed" tt="uppercase">
          {label}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Anchor component={Link} to={runLink(run.id)} fw={600}>
            {t("runs.versionValue", { version: run.version })}
          </Anchor>
          <RunBadge run={run} />
        </Group>
        <Code style={{ overflowWrap: "anywhere", alignSelf: "flex-start" }}>{run.model}</Code>
      </Stack>
    </Paper>
  );
}

function Side(props: {
  label: string;
  side: { status: "passed" | "failed" | "error"; reply: string | null } | null;
}) {
  const t = useT("evals");
  return (
    <Stack gap={4} style={{ minWidth: 0 }}>
      <Group gap="xs">
        <Text size="xs" fw={600} c="dimmed">
          {props.label}
        </Text>
        {props.side ? <ResultBadge status={props.side.status} /> : null}
      </Group>
      <Box>
        <Text
          size="sm"
          c={props.side ? undefined : "dimmed"}
          style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
        >
          {props.side ? (props.side.reply ?? t("detail.noReply")) : t("compare.notInRun")}
        </Text>
      </Box>
    </Stack>
  );
}
