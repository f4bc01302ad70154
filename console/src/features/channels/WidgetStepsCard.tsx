import { Button, List, Paper, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconPlus } from "@tabler/icons-react";
import { ChatFormModal } from "./ChatFormModal";
import { useChannelWords } from "./useChannelWords";

/**
 * The website widget channel's next steps, where other vendors have their profile check: a chat
 * (the bot that answers), then its Widget settings (sites, look, the embed code; docs/widget.md).
 */
export function WidgetStepsCard({ integrationId }: { integrationId: string }) {
  const { t } = useChannelWords();
  const [createOpen, creating] = useDisclosure(false);
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="widget-steps-title"
      data-testid="widget-steps"
    >
      <Stack gap="sm">
        <Title order={4} id="widget-steps-title">
          {t("widget.title")}
        </Title>
        <List type="ordered" size="sm" spacing={4}>
          <List.Item>{t("widget.step1")}</List.Item>
          <List.Item>{t("widget.step2")}</List.Item>
        </List>
        <Text size="xs" c="dimmed">
          {t("widget.api")}
        </Text>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={creating.open}
          style={{ alignSelf: "flex-start" }}
        >
          {t("widget.createChat")}
        </Button>
      </Stack>
      <ChatFormModal integrationId={integrationId} opened={createOpen} onClose={creating.close} />
    </Paper>
  );
}
