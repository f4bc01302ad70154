import { Badge, Card, Divider, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Fragment } from "react";
import { useFormatters, useT } from "../../i18n/I18nProvider";
import type { CatalogModel } from "./bots-api";
import { LocalModelStatus } from "./LocalModelStatus";
import { groupByProvider } from "./model-catalog";

/** GET /v1/models by provider, with whether this server has the provider's credentials. */
export function ModelCatalog({ models }: { models: readonly CatalogModel[] }) {
  const t = useT("bots");
  const { number } = useFormatters();
  return (
    <Stack gap="sm">
      <div>
        <Title order={3}>{t("models.title")}</Title>
        <Text size="sm" c="dimmed">
          {t("models.hint")}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {groupByProvider(models).map((group) => (
          <Card key={group.provider} withBorder padding="sm" data-testid="model-provider">
            <Group justify="space-between" mb="xs" wrap="nowrap">
              <div>
                <Text fw={600}>{group.provider}</Text>
                {group.provider === "local" && (
                  <Text size="xs" c="dimmed">
                    {t("models.local.embedded")}
                  </Text>
                )}
              </div>
              <Badge color={group.configured ? "green" : "orange"} variant="light" style={{ flexShrink: 0 }}>
                {group.configured ? t("models.configured") : t("models.unconfiguredShort")}
              </Badge>
            </Group>
            <Stack gap="xs">
              {group.models.map((model, index) => (
                <Fragment key={model.id}>
                  {index > 0 && <Divider />}
                  <div>
                    <Text size="sm" ff="monospace" style={{ overflowWrap: "anywhere" }}>
                      {model.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[
                        model.note,
                        t("models.contextValue", { tokens: number(model.context_window) }),
                        t("models.priceValue", {
                          input: number(model.pricing.input_credits_per_million),
                          output: number(model.pricing.output_credits_per_million),
                        }),
                        model.images ? t("models.readsImages") : null,
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </Text>
                    <LocalModelStatus model={model} />
                  </div>
                </Fragment>
              ))}
            </Stack>
            {!group.configured && (
              <Text size="xs" c="orange.8" mt="sm">
                {t("models.unconfiguredProviderHint", { provider: group.provider })}
              </Text>
            )}
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
