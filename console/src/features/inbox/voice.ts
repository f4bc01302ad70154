import type { Message, MessageAttachment } from "./types";

/**
 * Voice and audio messages in the inbox (docs/console.md, "Voice messages"). A transcribed one's
 * `content` is its placeholder followed by the transcript (what the model read); the bubble
 * shows the placeholder as the message and the transcript beneath it, labelled.
 */

function isSound(attachment: MessageAttachment): boolean {
  return attachment.kind === "voice" || attachment.kind === "audio";
}

/** The message's voice and audio attachments. */
export function soundAttachments(message: Message): MessageAttachment[] {
  return (message.attachments ?? []).filter(isSound);
}

/** The message's text without the transcripts the server appended to it. */
export function withoutTranscripts(message: Message): string {
  let content = message.content;
  for (const attachment of [...soundAttachments(message)].reverse()) {
    const suffix = attachment.transcript ? ` ${attachment.transcript}` : "";
    if (suffix && content.endsWith(suffix)) content = content.slice(0, -suffix.length);
  }
  return content;
}

/**
 * Whether a customer's voice message since the last answer is still waiting to be heard: the
 * bot transcribes it just before its reply, so the history is worth reading again once the
 * reply arrives. Older ones (sent while transcription was off) are not waited for.
 */
export function awaitsTranscript(messages: readonly Message[]): boolean {
  const lastAnswer = messages.findLastIndex((message) => message.author !== "user");
  return messages
    .slice(lastAnswer + 1)
    .some((message) =>
      soundAttachments(message).some(
        (attachment) => attachment.transcript === undefined && attachment.transcriptionError === undefined,
      ),
    );
}
