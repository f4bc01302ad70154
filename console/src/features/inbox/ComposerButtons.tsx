import { ActionIcon, Button, Group, Stack, TextInput } from "@mantine/core";
import { IconPlus, IconX } from "@tabler/icons-react";
import { useT } from "../../i18n/I18nProvider";
import type { ButtonDraft } from "./types";

/** Parley's limits for one message (docs/channels.md, "Buttons"). */
export const MAX_BUTTONS = 10;
export const MAX_BUTTON_LABEL = 40;

/** The drafts worth sending: those with a label, each URL trimmed and left out when empty. */
export function buttonsToSend(drafts: readonly ButtonDraft[]): ButtonDraft[] {
  return drafts
    .map((draft) => ({ label: draft.label.trim(), url: draft.url?.trim() ?? "" }))
    .filter((draft) => draft.label !== "")
    .map((draft) => (draft.url ? { label: draft.label, url: draft.url } : { label: draft.label }));
}

/**
 * Buttons under the operator's reply: each a label and, for a link button, a URL. The server
 * checks them again and names a bad field (422), which the composer shows.
 */
export function ComposerButtons({
  drafts,
  onChange,
  disabled,
}: {
  drafts: ButtonDraft[];
  onChange: (drafts: ButtonDraft[]) => void;
  disabled: boolean;
}) {
  const t = useT("inbox");
  const edit = (index: number, patch: Partial<ButtonDraft>) =>
    onChange(drafts.map((draft, i) => (i === index ? { ...draft, ...patch } : draft)));
  return (
    <Stack gap={4} data-testid="composer-buttons">
      {drafts.map((draft, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their place
        <Group key={index} gap={4} wrap="nowrap" align="flex-start">
          <TextInput
            size="xs"
            flex={1}
            aria-label={t("composer.buttons.label")}
            placeholder={t("composer.buttons.label")}
            maxLength={MAX_BUTTON_LABEL}
            value={draft.label}
            disabled={disabled}
            data-testid="composer-button-label"
            onChange={(event) => edit(index, { label: event.currentTarget.value })}
          />
          <TextInput
            size="xs"
            flex={2}
            type="url"
            aria-label={t("composer.buttons.url")}
            placeholder={t("composer.buttons.url")}
            title={t("composer.buttons.urlHint")}
            value={draft.url ?? ""}
            disabled={disabled}
            data-testid="composer-button-url"
            onChange={(event) => edit(index, { url: event.currentTarget.value })}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t("composer.buttons.remove")}
            disabled={disabled}
            onClick={() => onChange(drafts.filter((_, i) => i !== index))}
          >
            <IconX size={14} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="subtle"
          size="compact-xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={disabled || drafts.length >= MAX_BUTTONS}
          title={drafts.length >= MAX_BUTTONS ? t("composer.buttons.max") : undefined}
          data-testid="composer-add-button"
          onClick={() => onChange([...drafts, { label: "" }])}
        >
          {t("composer.buttons.add")}
        </Button>
      </Group>
    </Stack>
  );
}
