import { NoTranscriptGeneratedError, experimental_transcribe as transcribe } from "ai";
import type { Repos } from "../../storage/repos/index.js";
import type { MessageRow } from "../../storage/repos/messages.repo.js";
import type { ThreadRow } from "../../storage/repos/threads.repo.js";
import type { AttachmentLoader } from "./attachment-images.js";
import type { TranscriptionModels } from "./transcription-models.js";
import type { TurnLog } from "./turn-report.js";

/** Larger files are not sent to the provider (OpenAI takes 25 MB; Telegram's Bot API serves 20). */
export const MAX_VOICE_BYTES = 20 * 1024 * 1024;
/** Longer recordings are not transcribed: a bounded wait for the turn, a bounded bill. */
export const MAX_VOICE_SECONDS = 600;

export interface VoiceTranscriptionDeps {
  repos: Repos;
  loadAttachment?: AttachmentLoader;
  transcriptionModels?: TranscriptionModels;
  log: TurnLog;
  /** The provider's answer is awaited this long (the model call's deadline). */
  timeoutMs: number;
}

/** An attachment as stored on a message (the public MessageAttachment). */
interface StoredAttachment {
  kind: string;
  ref?: string;
  duration?: number;
  transcript?: string;
  transcriptionError?: { code: string; message: string };
  file?: { id: string };
  fileError?: { code: string; message: string };
  [field: string]: unknown;
}

type Outcome =
  | { transcript: string; duration: number | undefined }
  | { code: string; message: string; refused?: string };

/** A voice or audio file Parley can fetch that no transcription has been tried on yet. */
function pending(attachment: StoredAttachment): boolean {
  return (
    (attachment.kind === "voice" || attachment.kind === "audio") &&
    typeof attachment.ref === "string" &&
    attachment.transcript === undefined &&
    attachment.transcriptionError === undefined
  );
}

/**
 * Before a turn reads them, the voice and audio messages it answers are transcribed with the
 * bot's `ai.voice.transcriptionModel` (docs/channels.md, "Voice"): the file is fetched through
 * the vendor, sent to the model, and the transcript stored on the attachment and after the
 * message's placeholder, which is what the model reads. Each attachment is tried once (the
 * result is stored either way). A file over the limits is refused and the placeholder says
 * so; any other failure keeps the placeholder and records the error: the turn always goes on.
 * Returns `unanswered` with the stored changes.
 */
export async function transcribeVoice(
  deps: VoiceTranscriptionDeps,
  thread: ThreadRow,
  unanswered: MessageRow[],
  modelId: string | null,
): Promise<MessageRow[]> {
  if (modelId === null) return unanswered;
  const result: MessageRow[] = [];
  for (const row of unanswered) {
    const attachments = row.attachments ? (JSON.parse(row.attachments) as StoredAttachment[]) : [];
    if (row.role !== "user" || !attachments.some(pending)) {
      result.push(row);
      continue;
    }
    let content = row.content;
    for (const [index, attachment] of attachments.entries()) {
      if (!pending(attachment)) continue;
      const outcome = await transcribeOne(deps, thread, row, attachment, modelId);
      if ("transcript" in outcome) {
        attachments[index] = {
          ...attachment,
          ...(attachment.duration === undefined && outcome.duration !== undefined
            ? { duration: outcome.duration }
            : {}),
          transcript: outcome.transcript,
        };
        content = `${content} ${outcome.transcript}`;
      } else {
        attachments[index] = {
          ...attachment,
          transcriptionError: { code: outcome.code, message: outcome.message },
        };
        if (outcome.refused) content = `${content} (not transcribed: ${outcome.refused})`;
      }
    }
    // Atomically with the kept-file job's writes: the transcripts go onto the attachments as
    // they are now, so a file kept meanwhile stays recorded.
    let stored = JSON.stringify(attachments);
    await deps.repos.messages.updateAttachments(thread.project_id, row.id, (current) => {
      stored = JSON.stringify(withKeptFiles(current.attachments, attachments));
      return { attachments: stored, content };
    });
    result.push({ ...row, content, attachments: stored });
  }
  return result;
}

/**
 * The attachments with what the keep-files job recorded meanwhile (`file`, `fileError`; docs/channels.md,
 * "Non-text messages"), read afresh, so the transcript does not write over it.
 */
/** The transcribed attachments with the kept-file outcomes of the stored ones. */
function withKeptFiles(stored: string | null, attachments: StoredAttachment[]): StoredAttachment[] {
  const current = stored ? (JSON.parse(stored) as StoredAttachment[]) : [];
  return attachments.map((attachment, index) => {
    const { file, fileError } = current[index] ?? {};
    return { ...attachment, ...(file ? { file } : {}), ...(fileError ? { fileError } : {}) };
  });
}

async function transcribeOne(
  deps: VoiceTranscriptionDeps,
  thread: ThreadRow,
  row: MessageRow,
  attachment: StoredAttachment,
  modelId: string,
): Promise<Outcome> {
  const context = { threadId: thread.id, messageId: row.id, model: modelId };
  const outcome = await attempt(deps, thread, attachment, modelId);
  if ("transcript" in outcome) {
    deps.log.info({ ...context, durationSeconds: outcome.duration }, "voice message transcribed");
  } else {
    deps.log.warn(
      { ...context, code: outcome.code, reason: outcome.message },
      "voice message not transcribed",
    );
  }
  return outcome;
}

async function attempt(
  deps: VoiceTranscriptionDeps,
  thread: ThreadRow,
  attachment: StoredAttachment,
  modelId: string,
): Promise<Outcome> {
  if (attachment.duration !== undefined && attachment.duration > MAX_VOICE_SECONDS) {
    const refused = `longer than ${MAX_VOICE_SECONDS / 60} minutes`;
    return {
      code: "too_long",
      message: `The recording is ${attachment.duration} s long, ${refused}.`,
      refused,
    };
  }
  let model: ReturnType<TranscriptionModels["resolve"]>;
  try {
    if (!deps.transcriptionModels) throw new Error("Transcription is not available on this server.");
    model = deps.transcriptionModels.resolve(modelId);
  } catch (error) {
    return { code: "model_unavailable", message: messageOf(error) };
  }
  const file = await deps.loadAttachment?.(thread.chat_id, attachment).catch(() => undefined);
  if (!file) return { code: "file_unavailable", message: "The vendor did not serve the file." };
  if (file.bytes.byteLength > MAX_VOICE_BYTES) {
    const refused = `larger than ${MAX_VOICE_BYTES / 1024 / 1024} MB`;
    return { code: "too_large", message: `The file is ${file.bytes.byteLength} bytes, ${refused}.`, refused };
  }
  try {
    const transcript = await transcribe({
      model,
      audio: file.bytes,
      maxRetries: 1,
      abortSignal: AbortSignal.timeout(deps.timeoutMs),
    });
    const text = transcript.text.trim();
    if (!text) return { code: "no_speech", message: "The model heard no words." };
    return { transcript: text, duration: transcript.durationInSeconds };
  } catch (error) {
    if (NoTranscriptGeneratedError.isInstance(error)) {
      return { code: "no_speech", message: "The model heard no words." };
    }
    return { code: "transcription_failed", message: messageOf(error) };
  }
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}
