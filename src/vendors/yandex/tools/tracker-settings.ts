import { stringSetting } from "../../shared/tool-http.js";

/**
 * The Yandex integration's `settings` for Tracker (docs/oauth-tools.md):
 * - `queue`: the key of the queue issues are created in, e.g. `SUPPORT` (required);
 * - `org_id`: the Tracker organization's id (required; Tracker → Administration → Organizations);
 * - `org_type`: `yandex360` (default; sent as `X-Org-ID`) or `cloud` (a Yandex Cloud
 *   organization; sent as `X-Cloud-Org-ID`);
 * - `web_url`: where people open issues, for the links the tool returns; default
 *   `https://tracker.yandex.ru`.
 */
export interface TrackerSettings {
  queue: string;
  orgHeader: { name: "X-Org-ID" | "X-Cloud-Org-ID"; value: string };
  webUrl: string;
}

const INTEGRATION = "Yandex";
export const DEFAULT_TRACKER_WEB_URL = "https://tracker.yandex.ru";

export function trackerSettingsOf(settings: Record<string, unknown>): TrackerSettings {
  const queue = stringSetting(settings, "queue", {
    integration: INTEGRATION,
    expected: 'the key of a Yandex Tracker queue, e.g. "SUPPORT"',
    pattern: /^[A-Za-z][A-Za-z0-9]{0,63}$/,
  });
  const orgId = stringSetting(settings, "org_id", {
    integration: INTEGRATION,
    expected: "the id of the Yandex Tracker organization (Tracker → Administration → Organizations)",
    pattern: /^[A-Za-z0-9_-]{1,128}$/,
  });
  const orgType = stringSetting(settings, "org_type", {
    integration: INTEGRATION,
    expected: '"yandex360" (a Yandex 360 organization) or "cloud" (a Yandex Cloud organization)',
    pattern: /^(yandex360|cloud)$/,
    fallback: "yandex360",
  });
  const webUrl = stringSetting(settings, "web_url", {
    integration: INTEGRATION,
    expected: 'the https address of Tracker\'s web interface, e.g. "https://tracker.yandex.ru"',
    pattern: /^https:\/\/[^\s/?#]+(?:\/[^\s?#]*)?$/,
    fallback: DEFAULT_TRACKER_WEB_URL,
  }).replace(/\/+$/, "");
  return {
    queue: queue.toUpperCase(),
    orgHeader: { name: orgType === "cloud" ? "X-Cloud-Org-ID" : "X-Org-ID", value: orgId },
    webUrl,
  };
}
