import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { ToolRefusal } from "../../src/tools/tool-refusal.js";
import { ChannelError } from "../../src/vendors/contract/channel-error.js";
import { yandex as yandexVendor } from "../../src/vendors/yandex/index.js";
import { yandexTrackerCreateIssueTool } from "../../src/vendors/yandex/tools/create-issue.js";
import { testConfig } from "../helpers/test-config.js";
import { YandexTrackerFake } from "./fakes/yandex-tracker-fake.js";
import { failureOf, oauthToolContext, runTool } from "./oauth-tool-context.js";

let fake: YandexTrackerFake;
beforeEach(async () => {
  fake = await YandexTrackerFake.start();
});
afterEach(async () => {
  await fake.close();
});

const baseSettings = () => ({ queue: "SUPPORT", org_id: fake.orgId });
// OAuthAccess.apiBase is Yandex ID's (the profile's host): Tracker's base comes from the configuration.
const contextWith = (settings: Record<string, unknown> = baseSettings(), token = fake.token) =>
  oauthToolContext({ token, apiBase: "http://127.0.0.1:9", apiBaseUrl: fake.apiUrl, settings });

describe("yandex_tracker_create_issue", () => {
  it("the adapter offers the tool, and PARLEY_YANDEX_TRACKER_API_URL is the Yandex API base", () => {
    expect(yandexVendor.tools.map((tool) => tool.name)).toEqual(["yandex_tracker_create_issue"]);
    expect(
      loadConfig({ LOG_LEVEL: "silent", DATA_DIR: "/nonexistent-parley-test-dir" }).vendorApiUrls.yandex,
    ).toBe("https://api.tracker.yandex.net/v2");
    expect(
      testConfig({ PARLEY_YANDEX_TRACKER_API_URL: "http://127.0.0.1:1234/v3/" }).vendorApiUrls.yandex,
    ).toBe("http://127.0.0.1:1234/v3");
  });

  it("creates the issue in the configured queue with the OAuth scheme and the Yandex 360 org header", async () => {
    const result = await runTool(yandexTrackerCreateIssueTool, contextWith(), {
      summary: "Refund not received",
      description: "Order 1234, paid on March 3.",
    });
    expect(result).toEqual({
      key: "SUPPORT-1",
      summary: "Refund not received",
      url: "https://tracker.yandex.ru/SUPPORT-1",
    });
    const [request] = fake.requests;
    expect(request).toMatchObject({
      method: "POST",
      path: "/v2/issues/",
      body: { queue: "SUPPORT", summary: "Refund not received", description: "Order 1234, paid on March 3." },
    });
    expect(request!.headers.authorization).toBe(`OAuth ${fake.token}`);
    expect(request!.headers["x-org-id"]).toBe(fake.orgId);
    expect(request!.headers["x-cloud-org-id"]).toBeUndefined();
    expect(fake.queues.get("SUPPORT")).toHaveLength(1);
  });

  it("an org_id given as a JSON number is sent as its digits", async () => {
    await runTool(
      yandexTrackerCreateIssueTool,
      contextWith({ queue: "support", org_id: Number(fake.orgId) }),
      {
        summary: "Bug",
      },
    );
    expect(fake.requests[0]!.headers["x-org-id"]).toBe(fake.orgId);
    expect(fake.requests[0]!.body).toMatchObject({ queue: "SUPPORT" });
  });

  it("a Cloud organization is sent as X-Cloud-Org-ID; web_url shapes the link", async () => {
    fake.orgHeader = "x-cloud-org-id";
    const result = await runTool(
      yandexTrackerCreateIssueTool,
      contextWith({ ...baseSettings(), org_type: "cloud", web_url: "https://tracker.yandex.com/" }),
      { summary: "Bug" },
    );
    expect(result.url).toBe("https://tracker.yandex.com/SUPPORT-1");
    expect(fake.requests[0]!.headers["x-cloud-org-id"]).toBe(fake.orgId);
    expect(fake.requests[0]!.headers["x-org-id"]).toBeUndefined();
    expect(fake.requests[0]!.body).toEqual({ queue: "SUPPORT", summary: "Bug" });
  });

  it("missing or malformed settings are refusals naming the key, before any call", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ org_id: "1" }, "settings.queue"],
      [{ queue: "SUPPORT" }, "settings.org_id"],
      [{ queue: "SUP PORT", org_id: "1" }, "settings.queue"],
      [{ queue: "SUPPORT", org_id: "1", org_type: "360" }, "settings.org_type"],
      [{ queue: "SUPPORT", org_id: "1", web_url: "http://tracker.local" }, "settings.web_url"],
    ];
    for (const [settings, key] of cases) {
      const error = await failureOf(
        runTool(yandexTrackerCreateIssueTool, contextWith(settings), { summary: "x" }),
      );
      expect(error).toBeInstanceOf(ToolRefusal);
      expect(error.message).toContain(key);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it("Tracker's refusal reaches the model with Tracker's words", async () => {
    const error = await failureOf(
      runTool(yandexTrackerCreateIssueTool, contextWith({ ...baseSettings(), queue: "SALES" }), {
        summary: "x",
      }),
    );
    expect(error).toBeInstanceOf(ToolRefusal);
    expect(error.message).toBe(
      "Yandex Tracker refused creating the issue in the queue SALES (HTTP 404): Queue does not exist.",
    );
    const wrongOrg = await failureOf(
      runTool(yandexTrackerCreateIssueTool, contextWith({ ...baseSettings(), org_id: "999" }), {
        summary: "x",
      }),
    );
    expect(wrongOrg.message).toBe(
      "Yandex Tracker refused creating the issue in the queue SUPPORT (HTTP 403): Organization is not available.",
    );
    const invalid = await failureOf(
      yandexTrackerCreateIssueTool.execute(contextWith(), { summary: "" }, undefined as never),
    );
    expect(invalid.message).toBe(
      "Yandex Tracker refused creating the issue in the queue SUPPORT (HTTP 422): summary: Required field.",
    );
  });

  it("429 is a refusal saying to try later", async () => {
    fake.rateLimited = true;
    const error = await failureOf(runTool(yandexTrackerCreateIssueTool, contextWith(), { summary: "x" }));
    expect(error).toBeInstanceOf(ToolRefusal);
    expect(error.message).toBe(
      "Yandex Tracker is limiting requests right now; try again later (in about 30 s).",
    );
  });

  it("a refused token is ChannelError credentials_rejected without the token in it", async () => {
    const stale = "y0_stale_token_value";
    const error = await failureOf(
      runTool(yandexTrackerCreateIssueTool, contextWith(baseSettings(), stale), { summary: "x" }),
    );
    expect(error).toBeInstanceOf(ChannelError);
    expect((error as ChannelError).kind).toBe("credentials_rejected");
    expect(error.message).toBe("Yandex Tracker refused the access token (HTTP 401): Not authorized.");
  });

  it("an integration without an OAuth connection is told to connect first", async () => {
    const { oauth: _none, ...context } = contextWith();
    const error = await failureOf(runTool(yandexTrackerCreateIssueTool, context, { summary: "x" }));
    expect(error).toBeInstanceOf(ToolRefusal);
    expect(error.message).toBe(
      "The Yandex integration is not connected; an administrator must connect it first.",
    );
  });
});
