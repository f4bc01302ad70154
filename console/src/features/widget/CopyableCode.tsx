import { Button, Code, CopyButton, Group, Stack, Text } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { useT } from "../../i18n/I18nProvider";

/**
 * A labelled code block with a copy button above it (never over the code). `wrap` (the embed tag:
 * one long line of attributes) breaks lines anywhere; program code instead scrolls sideways, and
 * is then focusable so the keyboard can scroll it.
 */
export function CopyableCode(props: {
  label: string;
  code: string;
  copyLabel: string;
  wrap?: boolean;
  "data-testid"?: string;
}) {
  const t = useT("widget");
  const wrap = props.wrap ?? true;
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="xs" c="dimmed">
          {props.label}
        </Text>
        <CopyButton value={props.code} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              size="compact-xs"
              variant="subtle"
              color={copied ? "teal" : undefined}
              leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              aria-label={copied ? t("embed.copied") : props.copyLabel}
              onClick={copy}
            >
              {copied ? t("embed.copied") : t("embed.copy")}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Code
        block
        data-testid={props["data-testid"]}
        tabIndex={wrap ? undefined : 0}
        style={
          wrap
            ? { whiteSpace: "pre-wrap", overflowWrap: "anywhere" }
            : { whiteSpace: "pre", overflowX: "auto" }
        }
      >
        {props.code}
      </Code>
    </Stack>
  );
}
