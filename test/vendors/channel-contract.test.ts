import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelOf } from "../../src/modules/integrations/vendor-lookup.js";
import type { Channel, InboundRequest } from "../../src/vendors/contract/channel.js";
import { ChannelError } from "../../src/vendors/contract/channel-error.js";
import type { VendorContext } from "../../src/vendors/contract/vendor-context.js";
import { vendorOf } from "../../src/vendors/registry.js";
import { CHANNEL_KITS, OAUTH_CHANNEL_KITS } from "./kits.js";
import type { FakeVendor, VendorKit } from "./vendor-kit.js";

/** Captures what a fake vendor posts, as Parley's hook route would receive it. */
async function captureHook() {
  const requests: InboundRequest[] = [];
  let answer: { status: number; body: string } = { status: 200, body: "ok" };
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      requests.push({
        method: req.method ?? "POST",
        headers: req.headers,
        rawBody: Buffer.concat(chunks).toString("utf8"),
        query: Object.fromEntries(url.searchParams),
      });
      res.writeHead(answer.status).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/contract/int_contract`,
    requests,
    answer(status: number, body: string) {
      answer = { status, body };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The contract every messaging adapter keeps (docs/channels.md; src/modules/integrations/
 * channel-adapter.ts), checked against each vendor's fake: what the vendor posts is verified and
 * parsed into routable messages, forgeries are rejected, sends arrive, and the vendor's signals
 * become the right ChannelError kinds.
 */
function contract(kit: VendorKit) {
  describe(`the ${kit.vendor} adapter keeps the channel contract`, () => {
    let fake: FakeVendor;
    let hook: Awaited<ReturnType<typeof captureHook>>;
    let context: VendorContext<Record<string, unknown>>;
    const adapter: Channel = channelOf(kit.vendor);
    const vendor = vendorOf(kit.vendor);

    beforeAll(async () => {
      fake = await kit.start();
      hook = await captureHook();
      const state: Record<string, unknown> = {};
      context = {
        integration: { id: "int_contract", name: "Contract" },
        authData: fake.authData(),
        state,
        saveState: (patch) => void Object.assign(state, patch),
        settings: {},
        apiBaseUrl: Object.values(fake.env)[0]?.replace(/\/+$/, "") ?? fake.baseUrl,
        hookUrl: hook.url,
        fetch: globalThis.fetch,
      };
      if (kit.vendor === "whatsapp" || kit.vendor === "facebook" || kit.vendor === "instagram") {
        context.apiBaseUrl = `${context.apiBaseUrl}/v21.0`;
      }
      Object.assign(context, fake.contextExtras?.() ?? {});
      await adapter.setUpWebhook?.(context);
    });

    afterAll(async () => {
      await fake?.close();
      await hook?.close();
    });

    it("declares what the service needs: inbound parsing, sending, route keys and a text limit", () => {
      expect(typeof adapter.parseInbound).toBe("function");
      expect(typeof adapter.send).toBe("function");
      expect(typeof vendor.profile).toBe("function");
      expect(adapter.routeKeys?.length).toBeGreaterThan(0);
      expect(adapter.textLimit?.max).toBe(fake.textLimit);
    });

    it("verifies and parses what the vendor posts into a routable message", async () => {
      const hookUrl = fake.registeredHookUrl() ?? hook.url;
      const delivered = await fake.deliverText({
        hookUrl,
        userId: "7007",
        userName: "Kim",
        text: "contract hello",
      });
      const request = hook.requests.at(-1);
      expect(request).toBeDefined();
      const result = await adapter.parseInbound?.(context, request as InboundRequest);
      expect(result?.kind).toBe("accepted");
      if (result?.kind !== "accepted") return;
      expect(result.messages).toHaveLength(1);
      const [message] = result.messages;
      expect(message).toMatchObject({
        text: "contract hello",
        conversationId: delivered.conversationId,
        person: { externalId: "7007" },
        attachments: [],
      });
      expect(message?.externalMessageId).toEqual(expect.any(String));
      for (const key of adapter.routeKeys ?? []) expect(typeof message?.route[key]).toBe("string");
    });

    it("rejects a request whose proof does not verify", async () => {
      const hookUrl = fake.registeredHookUrl() ?? hook.url;
      await fake.deliverText({ hookUrl, userId: "7007", text: "forged", badProof: true });
      const result = await adapter.parseInbound?.(context, hook.requests.at(-1) as InboundRequest);
      expect(result).toEqual({ kind: "rejected" });
    });

    it("sends a part into the conversation and returns the vendor's id", async () => {
      const conversationId = (
        await fake.deliverText({ hookUrl: fake.registeredHookUrl() ?? hook.url, userId: "7008", text: "hi" })
      ).conversationId;
      const sent = await adapter.send?.(context, {
        conversationId,
        text: "contract reply",
        idempotencyKey: "msg_c:0",
      });
      expect(sent?.externalMessageId).toEqual(expect.any(String));
      expect(fake.sent.at(-1)).toMatchObject({ conversationId, text: "contract reply" });
    });

    it("turns the vendor's rate limit into rate_limited with a wait, and a revoked token into credentials_rejected", async () => {
      const conversationId = fake.sent.at(-1)?.conversationId ?? "0";
      fake.rateLimitNextSends(1, 2);
      const limited = await adapter
        .send?.(context, { conversationId, text: "too fast", idempotencyKey: "msg_c:1" })
        .catch((error: unknown) => error);
      expect(limited).toBeInstanceOf(ChannelError);
      expect(limited).toMatchObject({ kind: "rate_limited" });
      expect((limited as ChannelError).retryAfterMs).toBeGreaterThan(0);

      fake.revokeCredentials();
      const refused = await adapter
        .send?.(context, { conversationId, text: "refused", idempotencyKey: "msg_c:2" })
        .catch((error: unknown) => error);
      expect(refused).toMatchObject({ kind: "credentials_rejected" });
      const profile = await vendor.profile?.(context).catch((error: unknown) => error);
      expect(profile).toMatchObject({ kind: "credentials_rejected" });
      fake.restoreCredentials();
    });

    it("reads the identity the credentials stand for, with no secret in it", async () => {
      const profile = await vendor.profile?.(context);
      expect(profile).toMatchObject(fake.expectedProfile);
      const secrets = Object.entries(fake.authData()).filter(([key]) => /token|secret/.test(key));
      expect(secrets.length).toBeGreaterThan(0);
      for (const [, value] of secrets) expect(JSON.stringify(profile)).not.toContain(String(value));
    });
  });
}

for (const kit of [...CHANNEL_KITS, ...OAUTH_CHANNEL_KITS]) contract(kit);
