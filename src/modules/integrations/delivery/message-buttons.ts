import { type MessageButton, numberedButtons } from "../../../events/buttons.js";
import type { ButtonCapability, OutboundButton } from "../../../vendors/contract/channel.js";

/**
 * How a message's buttons go out on one channel (docs/channels.md, "Buttons"): natively when
 * the channel declares `buttons` (at most `max`, labels cut to `labelMax`, link buttons written
 * into the text as "Label: URL" lines when it shows no links), otherwise as numbered lines
 * after the text ("1. Yes\n2. No"), which a typed number answers.
 */
export function withButtons(
  text: string,
  buttons: readonly MessageButton[],
  capability: ButtonCapability | undefined,
): { text: string; buttons: OutboundButton[] } {
  if (buttons.length === 0) return { text, buttons: [] };
  if (!capability) return { text: `${text}\n\n${numberedButtons(buttons)}`, buttons: [] };
  const native = buttons.filter((button) => button.kind === "reply" || capability.links);
  const written = buttons.filter((button) => button.kind === "link" && !capability.links);
  const lines = written.map((button) => `${button.label}: ${button.url}`);
  return {
    text: lines.length > 0 ? `${text}\n\n${lines.join("\n")}` : text,
    buttons: native.slice(0, capability.max).map((button) => outbound(button, capability.labelMax)),
  };
}

function outbound(button: MessageButton, labelMax: number): OutboundButton {
  const label = cut(button.label, labelMax);
  return button.kind === "link"
    ? { kind: "link", label, url: button.url ?? "" }
    : { kind: "reply", label, id: button.id ?? "" };
}

/** At most `max` code points, an ellipsis marking a cut. */
function cut(label: string, max: number): string {
  const points = [...label];
  return points.length <= max ? label : `${points.slice(0, Math.max(1, max - 1)).join("")}…`;
}
