import { Button, Group, Menu } from "@mantine/core";
import { IconCheck, IconChevronDown, IconClock, IconHourglass, IconRefresh } from "@tabler/icons-react";
import { useT } from "../../i18n/I18nProvider";
import { snoozeTimes } from "./snooze-times";
import type { Thread } from "./types";
import { useSetStatus } from "./useThreadActions";

/** Resolve / Mark pending / Snooze / Reopen (docs/conversations.md, "Status"). */
export function StatusActions({ thread }: { thread: Thread }) {
  const t = useT("inbox");
  const setStatus = useSetStatus(thread.id);
  const status = thread.status ?? "open";
  const busy = setStatus.isPending;
  const times = snoozeTimes(new Date());
  return (
    <Group gap="xs" data-testid="status-actions">
      {status !== "resolved" ? (
        <Button
          size="compact-sm"
          variant="light"
          color="green"
          leftSection={<IconCheck size={14} aria-hidden />}
          loading={busy}
          onClick={() => setStatus.mutate({ status: "resolved" })}
        >
          {t("statusActions.resolve")}
        </Button>
      ) : null}
      {status !== "pending" ? (
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconHourglass size={14} aria-hidden />}
          disabled={busy}
          onClick={() => setStatus.mutate({ status: "pending" })}
        >
          {t("statusActions.pending")}
        </Button>
      ) : null}
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconClock size={14} aria-hidden />}
            rightSection={<IconChevronDown size={12} aria-hidden />}
            disabled={busy}
          >
            {t("statusActions.snooze")}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setStatus.mutate({ status: "snoozed", snoozedUntil: times.hour })}>
            {t("statusActions.snoozeHour")}
          </Menu.Item>
          <Menu.Item onClick={() => setStatus.mutate({ status: "snoozed", snoozedUntil: times.tomorrow })}>
            {t("statusActions.snoozeTomorrow")}
          </Menu.Item>
          <Menu.Item onClick={() => setStatus.mutate({ status: "snoozed", snoozedUntil: times.nextWeek })}>
            {t("statusActions.snoozeNextWeek")}
          </Menu.Item>
          <Menu.Item onClick={() => setStatus.mutate({ status: "snoozed" })}>
            {t("statusActions.snoozeUntilReply")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {status !== "open" ? (
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconRefresh size={14} aria-hidden />}
          disabled={busy}
          onClick={() => setStatus.mutate({ status: "open" })}
        >
          {t("statusActions.reopen")}
        </Button>
      ) : null}
    </Group>
  );
}
