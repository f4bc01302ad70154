import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Menu,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconArrowBackUp, IconDots, IconGitCompare } from "@tabler/icons-react";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmModal } from "../../components/ConfirmModal";
import { LoadMoreButton } from "../../components/LoadMoreButton";
import { EmptyState, QueryState } from "../../components/QueryState";
import { useFormatters, useT } from "../../i18n/I18nProvider";
import { type Bot, botKeys } from "../bots/bots-api";
import {
  type BotVersion,
  listVersions,
  type PublishResult,
  publishVersion,
  rollBack,
  type VersionRef,
  versionKeys,
} from "./api";
import { useVersionErrorText } from "./use-version-error";
import { VersionDiffView } from "./VersionDiffView";
import { VersionStateBadge } from "./VersionStateBadge";

type Pending =
  | { kind: "publish"; version: BotVersion }
  | { kind: "rollback"; target: BotVersion | undefined };

/**
 * What Roll back returns to when no version is named: the highest version below the published
 * one that was ever published (docs/quality.md, "Versions"). Undefined when the list does not
 * show one (the server then answers 409 `nothing_to_roll_back`).
 */
export function rollbackTarget(
  versions: readonly BotVersion[],
  published: number | undefined,
): BotVersion | undefined {
  if (published === undefined) return undefined;
  return versions
    .filter((v) => v.published_at !== null && v.version < published)
    .sort((a, b) => b.version - a.version)[0];
}

/**
 * The bot's versions, newest first (docs/quality.md, "Versions and evaluations in the console"):
 * pick two to compare (or one against the published version), publish an older one, roll back.
 */
export function VersionsTab(props: { bot: Bot; onReplaced(): void }) {
  const { bot } = props;
  const t = useT("versions");
  const _common = useT("common");
  const { dateTime } = useFormatters();
  const versionErrorText = useVersionErrorText();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<number[]>([]);
  const [diff, setDiff] = useState<{ from: VersionRef; to: VersionRef } | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [note, setNote] = useState("");

  const query = useInfiniteQuery({
    queryKey: versionKeys.list(bot.id),
    queryFn: ({ pageParam }) => listVersions(bot.id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const versions = query.data?.pages.flatMap((page) => page.data) ?? [];
  const target = rollbackTarget(versions, bot.published_version);

  const done = (result: PublishResult, message: string) => {
    queryClient.setQueryData(botKeys.bot(bot.id), result.bot);
    void queryClient.invalidateQueries({ queryKey: botKeys.bot(bot.id), exact: true });
    void queryClient.invalidateQueries({ queryKey: botKeys.draft(bot.id) });
    void queryClient.invalidateQueries({ queryKey: versionKeys.all(bot.id) });
    void queryClient.invalidateQueries({ queryKey: botKeys.all, exact: true });
    setPending(null);
    setNote("");
    props.onReplaced();
    notifications.show({ color: "green", message });
  };
  const act = useMutation({
    mutationFn: (what: Pending) =>
      what.kind === "publish"
        ? publishVersion(bot.id, {
            version: what.version.version,
            ...(note.trim() ? { note: note.trim() } : {}),
          })
        : rollBack(bot.id, what.target ? { version: what.target.version } : {}),
    onSuccess: (result, what) =>
      done(
        result,
        what.kind === "publish"
          ? t("list.publishedNow", { version: result.version.version })
          : t("list.rolledBack", { version: result.version.version }),
      ),
  });

  const toggle = (version: number, on: boolean) =>
    setSelected((current) =>
      on
        ? [...current.filter((v) => v !== version), version].slice(-2)
        : current.filter((v) => v !== version),
    );
  const compareSelected = () => {
    const [a, b] = [...selected].sort((x, y) => x - y);
    if (a !== undefined && b !== undefined) setDiff({ from: a, to: b });
  };
  const ask = (what: Pending) => {
    act.reset();
    setNote("");
    setPending(what);
  };

  return (
    <Stack gap="md" data-testid="versions-tab">
      <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start">
        <Text size="sm" c="dimmed" maw={560}>
          {t("list.intro")}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconGitCompare size={16} aria-hidden />}
            disabled={selected.length !== 2}
            onClick={compareSelected}
            data-testid="compare-versions"
          >
            {t("list.compareSelected", { n: selected.length })}
          </Button>
          <Button
            variant="default"
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            onClick={() => ask({ kind: "rollback", target })}
            data-testid="rollback"
          >
            {t("list.rollback")}
          </Button>
        </Group>
      </Group>
      <QueryState query={query}>
        {() =>
          versions.length === 0 ? (
            <EmptyState title={t("list.emptyTitle")} hint={t("list.emptyHint")} />
          ) : (
            <Table verticalSpacing="xs" highlightOnHover data-testid="versions-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={36}>
                    <VisuallyHidden>{t("list.select")}</VisuallyHidden>
                  </Table.Th>
                  <Table.Th>{t("list.version")}</Table.Th>
                  <Table.Th>{t("list.state")}</Table.Th>
                  <Table.Th visibleFrom="sm">{t("list.source")}</Table.Th>
                  <Table.Th visibleFrom="md">{t("list.note")}</Table.Th>
                  <Table.Th visibleFrom="sm">{t("list.created")}</Table.Th>
                  <Table.Th visibleFrom="lg">{t("list.publishedAt")}</Table.Th>
                  <Table.Th w={48}>
                    <VisuallyHidden>{t("list.actions")}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {versions.map((version) => (
                  <Table.Tr
                    key={version.id}
                    data-testid="version-row"
                    data-version={version.version}
                    data-state={version.state}
                  >
                    <Table.Td>
                      <Checkbox
                        aria-label={t("list.selectVersion", { version: version.version })}
                        checked={selected.includes(version.version)}
                        onChange={(event) => toggle(version.version, event.currentTarget.checked)}
                        data-testid="version-select"
                      />
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={0}>
                        <Text size="sm" fw={600}>
                          {t("list.versionValue", { version: version.version })}
                        </Text>
                        <Text size="xs" c="dimmed" hiddenFrom="sm">
                          {dateTime(version.created_at)}
                        </Text>
                        {version.note ? (
                          <Text size="xs" c="dimmed" hiddenFrom="md" style={{ overflowWrap: "anywhere" }}>
                            {version.note}
                          </Text>
                        ) : null}
                      </Stack>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>
                      <VersionStateBadge state={version.state} />
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text size="sm">{t(`source.${version.source}`)}</Text>
                    </Table.Td>
                    <Table.Td visibleFrom="md" style={{ maxWidth: 260 }}>
                      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                        {version.note ?? ""}
                      </Text>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text size="sm">{dateTime(version.created_at)}</Text>
                    </Table.Td>
                    <Table.Td visibleFrom="lg">
                      <Text size="sm">{version.published_at ? dateTime(version.published_at) : "—"}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={t("list.actionsFor", { version: version.version })}
                            data-testid="version-actions"
                          >
                            <IconDots size={16} />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item
                            disabled={version.state === "published"}
                            onClick={() => setDiff({ from: "published", to: version.version })}
                            data-testid="compare-with-published"
                          >
                            {t("list.compareWithPublished")}
                          </Menu.Item>
                          <Menu.Item
                            disabled={version.state === "published"}
                            onClick={() => ask({ kind: "publish", version })}
                            data-testid="publish-version"
                          >
                            {t("list.publishThis")}
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </QueryState>
      <LoadMoreButton query={query} />
      {diff ? (
        <VersionDiffView botId={bot.id} from={diff.from} to={diff.to} onClose={() => setDiff(null)} />
      ) : null}
      <ConfirmModal
        opened={pending !== null}
        title={
          pending?.kind === "publish"
            ? t("list.publishTitle", { version: pending.version.version })
            : t("list.rollbackTitle")
        }
        confirmLabel={pending?.kind === "publish" ? t("list.publishThis") : t("list.rollback")}
        color={pending?.kind === "publish" ? "blue" : "orange"}
        loading={act.isPending}
        onConfirm={() => pending && act.mutate(pending)}
        onClose={() => setPending(null)}
      >
        <Stack gap="sm">
          <Text size="sm">
            {pending?.kind === "publish"
              ? t("list.publishBody", {
                  version: pending.version.version,
                  current: bot.published_version ?? "?",
                })
              : pending?.target
                ? t("list.rollbackBody", {
                    version: pending.target.version,
                    current: bot.published_version ?? "?",
                  })
                : t("list.rollbackBodyUnknown")}
          </Text>
          {pending?.kind === "publish" ? (
            <TextInput
              label={t("bar.note")}
              placeholder={t("bar.notePlaceholder")}
              maxLength={500}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
            />
          ) : null}
          {act.error ? (
            <Alert color="red" role="alert" data-testid="version-action-error">
              {versionErrorText(act.error)}
            </Alert>
          ) : null}
        </Stack>
      </ConfirmModal>
    </Stack>
  );
}
