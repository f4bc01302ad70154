import { Anchor, Badge, Group } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import type { Message } from "./types";

/**
 * What a message says about buttons (docs/channels.md, "Buttons"): the buttons a reply offered
 * (reply buttons as badges, link buttons as links), and on the customer's message which one
 * they pressed.
 */
export function MessageButtons({ message }: { message: Message }) {
  const t = useT("inbox");
  if (message.choice) {
    return (
      <Badge size="xs" variant="light" mt={4} data-testid="message-choice">
        {t("message.choice", { label: message.choice.label })}
      </Badge>
    );
  }
  if (!message.buttons?.length) return null;
  return (
    <Group gap={4} mt={4} data-testid="message-buttons">
      {message.buttons.map((button) =>
        button.kind === "link" ? (
          <Anchor
            key={`${button.label}:${button.url}`}
            href={button.url}
            target="_blank"
            rel="noreferrer"
            size="xs"
          >
            {button.label}
          </Anchor>
        ) : (
          <Badge key={button.id ?? button.label} size="sm" variant="outline" tt="none">
            {button.label}
          </Badge>
        ),
      )}
    </Group>
  );
}
