import { Accordion, Badge, Code, Group, Stack, Text } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import type { ToolCallView } from "./try-conversation";

function json(value: unknown): string {
  if (value === undefined) return "—";
  return typeof value === "string" ? value : JSON.stringify(value, null, 2);
}

type CallState = "done" | "approved" | "rejected" | "awaitingApproval" | "running";

function stateOf(tool: ToolCallView): CallState {
  if (tool.done) return "done";
  if (tool.decision) return tool.decision;
  return tool.approvalId ? "awaitingApproval" : "running";
}

const COLORS: Record<CallState, string> = {
  done: "green",
  approved: "green",
  rejected: "red",
  awaitingApproval: "orange",
  running: "blue",
};
const badgeColor = (tool: ToolCallView) => COLORS[stateOf(tool)];

/** The reply's tool calls, folded: name and state; arguments and result when opened. */
export function ToolCallList({
  tools,
  titleOf,
}: {
  tools: readonly ToolCallView[];
  /** The tool's title for people (GET /v1/tools in the console's language); the name if unknown. */
  titleOf: (name: string) => string;
}) {
  const t = useT("bots");
  if (tools.length === 0) return null;
  return (
    <Accordion variant="contained" multiple chevronPosition="left" mb="xs">
      {tools.map((tool) => (
        <Accordion.Item key={tool.toolCallId} value={tool.toolCallId}>
          <Accordion.Control>
            <Group gap="xs" wrap="nowrap">
              <Text size="xs" fw={500} truncate="end" title={tool.toolName}>
                {titleOf(tool.toolName)}
              </Text>
              <Badge size="xs" variant="light" color={badgeColor(tool)}>
                {t(`try.tool.${stateOf(tool)}`)}
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
