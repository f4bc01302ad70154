import { ActionIcon, CopyButton, TextInput, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";

/** A secret shown once: read-only, monospace, selected on focus, with a copy button. */
export function SecretField(props: {
  label: string;
  value: string;
  copyLabel: string;
  copiedLabel: string;
  testId?: string;
}) {
  return (
    <TextInput
      label={props.label}
      value={props.value}
      readOnly
      data-testid={props.testId}
      onFocus={(event) => event.currentTarget.select()}
      styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
      rightSection={
        <CopyButton value={props.value} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? props.copiedLabel : props.copyLabel} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? "teal" : "gray"}
                onClick={copy}
                aria-label={copied ? props.copiedLabel : props.copyLabel}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}
