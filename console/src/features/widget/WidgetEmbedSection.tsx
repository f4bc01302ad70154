import { Stack, Text, Title } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import { CopyableCode } from "./CopyableCode";
import { identifiedSnippet, NODE_SIGNATURE_EXAMPLE } from "./embed";

/** The embed tag to paste, and how to identify a site's signed-in users to the widget. */
export function WidgetEmbedSection({ snippet }: { snippet: string }) {
  const t = useT("widget");
  const identified = identifiedSnippet(snippet);
  return (
    <Stack gap="sm" component="section" aria-labelledby="widget-embed-title">
      <Title order={4} id="widget-embed-title">
        {t("embed.title")}
      </Title>
      <Text size="sm">{t("embed.howTo")}</Text>
      <CopyableCode
        label={t("embed.snippetLabel")}
        code={snippet}
        copyLabel={t("embed.copyLabel")}
        data-testid="widget-snippet"
      />
      <Title order={5} mt="xs">
        {t("embed.identityTitle")}
      </Title>
      <Text size="sm">{t("embed.identityHowTo")}</Text>
      {identified && (
        <CopyableCode
          label={t("embed.identifiedLabel")}
          code={identified}
          copyLabel={t("embed.copyIdentifiedLabel")}
        />
      )}
      <Text size="sm">{t("embed.identityServerOnly")}</Text>
      <CopyableCode
        label={t("embed.exampleLabel")}
        code={NODE_SIGNATURE_EXAMPLE}
        copyLabel={t("embed.copyExampleLabel")}
        wrap={false}
      />
    </Stack>
  );
}
