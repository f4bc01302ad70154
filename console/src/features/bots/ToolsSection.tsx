import { Badge, Code, Fieldset, Flex, Select, Stack, Text } from "@mantine/core";
import { QueryState } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import type { BotForm } from "./bot-form";
import { type ToolChoice, toolRows, withToolChoice } from "./tool-rows";
import { useToolCatalog } from "./use-tool-catalog";

/** ai.tools: each built-in tool off, or on with an approval policy. */
export function ToolsSection({ form }: { form: BotForm }) {
  const t = useT("bots");
  const query = useToolCatalog();
  const enabled = form.values.settings.ai.tools;
  return (
    <Fieldset legend={t("editor.tools.legend")}>
      <Text size="sm" c="dimmed" mb="sm">
        {t("editor.tools.hint")}
      </Text>
      <QueryState query={query}>
        {(tools) => (
          <Stack gap="md">
            {toolRows(tools, enabled).map((row) => (
              <Flex key={row.name} direction={{ base: "column", sm: "row" }} gap="xs" justify="space-between">
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Flex gap="xs" align="center" wrap="wrap">
                    <Text size="sm" fw={600} data-testid="tool-title">
                      {row.title}
                    </Text>
                    {row.title !== row.name && (
                      <Code fz="xs" c="dimmed">
                        {row.name}
                      </Code>
                    )}
                    {!row.builtin && (
                      <Badge size="xs" color="orange" variant="light">
                        {t("editor.tools.notBuiltin")}
                      </Badge>
                    )}
                  </Flex>
                  {row.summary && (
                    <Text size="xs" c="dimmed" lineClamp={3}>
                      {row.summary}
                    </Text>
                  )}
                </Stack>
                <Select
                  aria-label={t("editor.tools.policyFor", { tool: row.title })}
                  w={{ base: "100%", sm: 260 }}
                  data={row.choices.map((choice) => ({ value: choice, label: t(`policy.${choice}`) }))}
                  value={row.choice}
                  allowDeselect={false}
                  onChange={(value) =>
                    value &&
                    form.setFieldValue(
                      "settings.ai.tools",
                      withToolChoice(enabled, row.name, value as ToolChoice),
                    )
                  }
                  error={form.errors[`settings.ai.tools.${row.name}`]}
                />
              </Flex>
            ))}
          </Stack>
        )}
      </QueryState>
    </Fieldset>
  );
}
