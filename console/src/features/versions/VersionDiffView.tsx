import {
  Badge,
  Box,
  Button,
  Code,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { QueryState } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { diffVersions, type VersionChange, type VersionRef, versionKeys } from "./api";
import { formatChangeValue, isLongText, lineDiff } from "./text-diff";
import { VersionStateBadge } from "./VersionStateBadge";

const CHANGE_COLORS = { added: "teal", removed: "red", changed: "blue" } as const;

/**
 * What changed between two versions: one card per changed setting, its path, and the value
 * before and after. A long text (the instruction) shows as its lines removed and added.
 */
export function VersionDiffView(props: { botId: string; from: VersionRef; to: VersionRef; onClose(): void }) {
  const t = useT("versions");
  const common = useT("common");
  const query = useQuery({
    queryKey: versionKeys.diff(props.botId, props.from, props.to),
    queryFn: () => diffVersions(props.botId, props.from, props.to),
  });
  return (
    <Paper withBorder p="sm" data-testid="version-diff">
      <QueryState query={query}>
        {(diff) => (
          <Stack gap="sm">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Group gap="xs" wrap="wrap">
                <Title order={4} data-testid="version-diff-title">
                  {t("diff.title", { from: diff.from.version, to: diff.to.version })}
                </Title>
                <VersionStateBadge state={diff.from.state} />
                <Text size="sm" c="dimmed" aria-hidden>
                  →
                </Text>
                <VersionStateBadge state={diff.to.state} />
              </Group>
              <Button variant="subtle" size="compact-sm" onClick={props.onClose}>
                {common("actions.close")}
              </Button>
            </Group>
            {diff.changes.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="version-diff-empty">
                {t("diff.none")}
              </Text>
            ) : (
              diff.changes.map((change) => <ChangeCard key={change.path} change={change} />)
            )}
          </Stack>
        )}
      </QueryState>
    </Paper>
  );
}

function ChangeCard({ change }: { change: VersionChange }) {
  const t = useT("versions");
  const { from, to } = change;
  const lines =
    change.change === "changed" &&
    typeof from === "string" &&
    typeof to === "string" &&
    (isLongText(from) || isLongText(to))
      ? lineDiff(from, to)
      : null;
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="version-change" data-path={change.path}>
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Code style={{ overflowWrap: "anywhere" }}>{change.path}</Code>
          <Badge size="sm" variant="light" color={CHANGE_COLORS[change.change]}>
            {t(`diff.${change.change}`)}
          </Badge>
        </Group>
        {lines ? (
          <Box
            component="pre"
            data-testid="version-change-lines"
            m={0}
            p="xs"
            fz="xs"
            style={{
              whiteSpace: "pre-wrap",
              overflowWrap: "anywhere",
              background: "var(--mantine-color-gray-light)",
              borderRadius: 4,
              maxHeight: 420,
              overflowY: "auto",
            }}
          >
            {lines.map((line, index) => (
              <div
                // Lines repeat; their position is their identity here.
                // biome-ignore lint/suspicious/noArrayIndexKey: a diff's lines have no other key
                key={index}
                data-kind={line.kind}
                style={{
                  background:
                    line.kind === "added"
                      ? "var(--mantine-color-teal-light)"
                      : line.kind === "removed"
                        ? "var(--mantine-color-red-light)"
                        : undefined,
                  textDecoration: line.kind === "removed" ? "line-through" : undefined,
                }}
              >
                <span aria-hidden>
                  {line.kind === "added" ? "+ " : line.kind === "removed" ? "− " : "  "}
                </span>
                {line.kind === "same" ? null : (
                  <VisuallyHidden component="span">
                    {t(line.kind === "added" ? "diff.lineAdded" : "diff.lineRemoved")}:{" "}
                  </VisuallyHidden>
                )}
                {line.text || " "}
              </div>
            ))}
          </Box>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Value
              label={t("diff.before")}
              value={change.change === "added" ? undefined : change.from}
              kind="before"
            />
            <Value
              label={t("diff.after")}
              value={change.change === "removed" ? undefined : change.to}
              kind="after"
            />
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}

function Value(props: { label: string; value: unknown; kind: "before" | "after" }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }} data-testid={`version-change-${props.kind}`}>
      <Text size="xs" fw={600} c="dimmed">
        {props.label}
      </Text>
      <Code
        block
        style={{
          whiteSpace: "pre-wrap",
          overflowWrap: "anywhere",
          maxHeight: 320,
          overflowY: "auto",
          background:
            props.value === undefined
              ? undefined
              : props.kind === "before"
                ? "var(--mantine-color-red-light)"
                : "var(--mantine-color-teal-light)",
        }}
      >
        {formatChangeValue(props.value)}
      </Code>
    </Stack>
  );
}
