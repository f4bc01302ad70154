import type { NotifyKind } from "./notify-decision";

/**
 * The browser's side of alerts (docs/console.md, "The operator's screen"): the opt-in stored in
 * this browser, the Notification permission, a short chime made with WebAudio (no sound file),
 * and `notify`, which other parts of the console call (mentions) once they decided to alert.
 */

const STORAGE_KEY = "parley.notifications";

export function notificationsEnabled(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === "on";
  } catch {
    return false;
  }
}

function store(on: boolean): void {
  try {
    if (on) localStorage.setItem(STORAGE_KEY, "on");
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the choice lasts this page only.
  }
}

export function notificationPermission(): NotificationPermission | "unsupported" {
  return typeof Notification === "undefined" ? "unsupported" : Notification.permission;
}

/**
 * Turns alerts on (asking the browser's permission, from the click that asked) or off. On with
 * the permission refused still plays the sound.
 */
export async function setNotificationsEnabled(on: boolean): Promise<NotificationPermission | "unsupported"> {
  store(on);
  if (on && notificationPermission() === "default") await Notification.requestPermission();
  if (on) chime();
  return notificationPermission();
}

let audio: AudioContext | undefined;

/** Two short sine tones (~0.3 s), quiet. */
export function chime(): void {
  try {
    audio ??= new AudioContext();
    const start = audio.currentTime;
    for (const [index, frequency] of [880, 1320].entries()) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = "sine";
      oscillator.frequency.value = frequency;
      const at = start + index * 0.12;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.15, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.18);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.2);
    }
  } catch {
    // No audio (autoplay refused until the page was clicked, or no WebAudio): the alert stays silent.
  }
}

let openLink: (link: string) => void = (link) => window.location.assign(link);

/** How a clicked notification opens its link inside the console (the router's navigate). */
export function setNotificationLinkOpener(open: (link: string) => void): void {
  openLink = open;
}

/**
 * Alerts the operator, when they turned alerts on: a system notification (with the permission)
 * and the chime. `link` is a console path (`/inbox/<thread id>`), opened when it is clicked.
 * Callers decide first whether to alert (notify-decision.ts).
 */
export function notify(kind: NotifyKind, title: string, body: string, link: string): void {
  if (!notificationsEnabled()) return;
  chime();
  if (notificationPermission() !== "granted") return;
  try {
    const notification = new Notification(title, { body, tag: `${kind}:${link}` });
    notification.onclick = () => {
      window.focus();
      openLink(link);
      notification.close();
    };
  } catch {
    // Some browsers allow notifications only from a service worker: the chime was the alert.
  }
}
