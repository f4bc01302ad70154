import { Box, Text } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import type { Message } from "./types";
import { soundAttachments } from "./voice";

/**
 * A voice or audio message's sound and words (docs/console.md, "Voice messages"): a player when
 * Parley keeps the file or the vendor gave a public address for it, and the transcript, labelled, or why there is none.
 */
export function VoiceAttachments({ message }: { message: Message }) {
  const t = useT("inbox");
  const sounds = soundAttachments(message);
  if (sounds.length === 0) return null;
  return (
    <>
      {sounds.map((attachment, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: attachments have no id and never reorder
        <Box key={index} mt={4} data-testid="voice-attachment">
          {attachment.file?.url || attachment.url ? (
            // biome-ignore lint/a11y/useMediaCaption: a customer's recording has no captions; the transcript is below
            <audio
              controls
              preload="none"
              src={attachment.file?.url ?? attachment.url}
              style={{ width: "100%", maxWidth: 320 }}
            />
          ) : null}
          {attachment.transcript ? (
            <Text size="sm" data-testid="voice-transcript">
              <Text span size="xs" fw={600} c="dimmed">
                {t("message.transcript")}:{" "}
              </Text>
              {attachment.transcript}
            </Text>
          ) : attachment.transcriptionError ? (
            <Text size="xs" c="dimmed">
              {t("message.notTranscribed", { reason: attachment.transcriptionError.message })}
            </Text>
          ) : null}
        </Box>
      ))}
    </>
  );
}
