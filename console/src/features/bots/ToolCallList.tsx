import { Accordion, Badge, Code, Group, Stack, Text } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import type { ToolCallView } from "./try-conversation";

function json(value: unknown): string {
  if (value === undefined) return "—";
  return typeof value === "string" ? value : JSON.stringify(value, null, 2);
}

/** The reply's tool calls, folded: name and state; arguments and result when opened. */
export function ToolCallList({ tools }: { tools: readonly ToolCallView[] }) {
  const t = useT("bots");
  if (tools.length === 0) return null;
  return (
    <Accordion variant="contained" multiple chevronPosition="left" mb="xs">
      {tools.map((tool) => (
        <Accordion.Item key={tool.toolCallId} value={tool.toolCallId}>
          <Accordion.Control>
            <Group gap="xs" wrap="nowrap">
              <Text size="xs" ff="monospace" truncate="end">
                {tool.toolName}
              </Text>
              <Badge
                size="xs"
                variant="light"
                color={tool.done ? "green" : tool.approvalId ? "orange" : "blue"}
              >
                {tool.done
                  ? t("try.tool.done")
                  : tool.approvalId
                    ? t("try.tool.awaitingApproval")
                    : t("try.tool.running")}
              </Badge>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap={4}>
              <Text size="xs" fw={600}>
                {t("try.tool.args")}
              </Text>
              <Code block>{json(tool.args)}</Code>
              <Text size="xs" fw={600}>
                {t("try.tool.result")}
              </Text>
              <Code block>{tool.done ? json(tool.result) : t("try.tool.noResult")}</Code>
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
