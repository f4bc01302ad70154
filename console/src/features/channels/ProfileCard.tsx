import { Alert, Avatar, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../../api/client";
import { useErrorText } from "../../components/QueryState";
import { channelKeys, getIntegrationProfile, type Integration } from "./api";
import { useChannelWords } from "./useChannelWords";

/**
 * "Check profile": asks the vendor (through the API) who the stored credentials authenticate.
 * Run on demand, not on page load: it calls the vendor, and refused credentials move the
 * integration to `error`, so the integration is refreshed afterwards either way.
 */
export function ProfileCard({ integration }: { integration: Integration }) {
  const { t } = useChannelWords();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const check = useMutation({
    mutationFn: () => getIntegrationProfile(integration.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelKeys.integrations }),
  });
  const error = check.error instanceof ApiError ? check.error : null;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="integration-profile-title">
      <Stack gap="sm" mih={150}>
        <Group justify="space-between" wrap="nowrap">
          <Title order={4} id="integration-profile-title">
            {t("profile.title")}
          </Title>
          <Button size="xs" variant="light" loading={check.isPending} onClick={() => check.mutate()}>
            {t("profile.check")}
          </Button>
        </Group>
        <div aria-live="polite">
          {check.isIdle && (
            <Text size="sm" c="dimmed">
              {t("profile.hint")}
            </Text>
          )}
          {check.data && (
            <Group wrap="nowrap" align="flex-start">
              <Avatar src={check.data.avatar_url ?? null} alt="" radius="xl" size="lg">
                {check.data.name.slice(0, 1).toUpperCase()}
              </Avatar>
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600}>{check.data.name}</Text>
                {check.data.username && (
                  <Text size="sm" c="dimmed">
                    @{check.data.username}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {t("profile.vendorId", { id: check.data.id })}
                </Text>
                <Text size="sm" c="green">
                  {t("profile.ok")}
                </Text>
              </Stack>
            </Group>
          )}
          {check.isError &&
            (error?.code === "profile_not_supported" ? (
              <Text size="sm" c="dimmed">
                {t("profile.notSupported")}
              </Text>
            ) : (
              <Alert color="red" role="alert">
                <Stack gap={4}>
                  <Text size="sm">{errorText(check.error)}</Text>
                  {error?.code === "credentials_rejected" && (
                    <Text size="sm">{t("profile.rejectedHint")}</Text>
                  )}
                  {error?.code === "vendor_unavailable" && (
                    <Text size="sm">{t("profile.unavailableHint")}</Text>
                  )}
                </Stack>
              </Alert>
            ))}
        </div>
      </Stack>
    </Paper>
  );
}
