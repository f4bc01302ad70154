import { Anchor, Image, Stack, Text } from "@mantine/core";
import { attachmentUrl } from "./attachments";
import type { Message } from "./types";

/** The pictures (inline) and documents (links) a message sends (docs/channels.md, "Files"). */
export function MessageFiles({ message, threadId }: { message: Message; threadId: string }) {
  if (!message.files || message.files.length === 0) return null;
  return (
    <Stack gap={4} mt={4} data-testid="message-files">
      {message.files.map((file) => {
        const url = attachmentUrl(threadId, file.id);
        return (
          <Stack key={file.id} gap={0}>
            {file.kind === "image" ? (
              <Anchor href={url} target="_blank" rel="noreferrer">
                <Image src={url} alt={file.caption ?? file.name} maw={240} radius="sm" />
              </Anchor>
            ) : (
              <Anchor href={url} target="_blank" rel="noreferrer" size="sm">
                {file.name}
              </Anchor>
            )}
            {file.caption ? (
              <Text size="xs" c="dimmed">
                {file.caption}
              </Text>
            ) : null}
          </Stack>
        );
      })}
    </Stack>
  );
}
