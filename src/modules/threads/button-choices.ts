import {
  choiceOf,
  type MessageButton,
  type MessageChoice,
  parseButtonId,
  typedChoice,
} from "../../events/buttons.js";
import type { Repos } from "../../storage/repos/index.js";

/**
 * How a customer's message becomes the press of a button (docs/channels.md, "Buttons"): a
 * pressed button's id must name a reply button of a message of the same thread (anything else
 * is no press: the message is stored as ordinary text); on channels that show buttons as
 * numbered lines, a message that is exactly one of the numbers, or a label, of the thread's
 * newest reply is its press.
 */

/** The press a button id stands for, when it names a reply button of a message of this thread. */
export async function pressedChoice(
  repos: Repos,
  projectId: string,
  threadId: string,
  buttonId: string,
): Promise<MessageChoice | undefined> {
  const named = parseButtonId(buttonId);
  if (!named) return undefined;
  const message = await repos.messages.findById(projectId, named.messageId);
  if (!message || message.thread_id !== threadId) return undefined;
  return choiceOf(message, buttonId);
}

/** The press a typed answer stands for: a number or label of the newest reply's numbered buttons. */
export async function typedChoiceOf(
  repos: Repos,
  projectId: string,
  threadId: string,
  text: string,
): Promise<MessageChoice | undefined> {
  const reply = await repos.messages.lastReply(projectId, threadId);
  if (!reply?.buttons) return undefined;
  const button = typedChoice(text, JSON.parse(reply.buttons) as MessageButton[]);
  return button?.id ? { message_id: reply.id, button_id: button.id, label: button.label } : undefined;
}
