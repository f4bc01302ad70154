import { timingSafeEqual } from "node:crypto";
import type { App } from "../../infra/http-types.js";
import type { SecretBox } from "../../infra/secret-box.js";
import type { Repos } from "../../storage/repos/index.js";
import type { Connectors } from "./connectors.js";

const PURPOSE = "media";

/**
 * A link to a file a vendor serves only with a credential in its URL (a Telegram avatar or
 * attachment): Parley fetches it on the caller's behalf, so the credential never leaves the
 * server. The link is signed with the server key: only links Parley issued are served.
 */
export function mediaUrl(publicUrl: string, secrets: SecretBox, integrationId: string, ref: string): string {
  const encoded = Buffer.from(ref, "utf8").toString("base64url");
  const signature = secrets.sign(PURPOSE, `${integrationId}/${encoded}`);
  return `${publicUrl}/media/${integrationId}/${encoded}?sig=${signature}`;
}

/** GET /media/:integration_id/:ref: the proxied file (public; the signature is the permission). */
export function mediaRoutes(
  app: App,
  deps: { secrets: SecretBox; repos: Repos; connectors: Connectors },
): void {
  app.get("/media/:integration_id/:ref", { schema: { hide: true } }, async (request, reply) => {
    const { integration_id: integrationId, ref } = request.params as { integration_id: string; ref: string };
    const { sig } = request.query as { sig?: unknown };
    const expected = deps.secrets.sign(PURPOSE, `${integrationId}/${ref}`);
    const valid =
      typeof sig === "string" &&
      sig.length === expected.length &&
      timingSafeEqual(Buffer.from(sig), Buffer.from(expected));
    const row = valid ? await deps.repos.integrations.findById(integrationId) : undefined;
    if (!row) return reply.code(404).send({ code: "not_found", message: "No such file." });
    const { vendor, context } = deps.connectors.open(row);
    if (!vendor.fetchFile) return reply.code(404).send({ code: "not_found", message: "No such file." });
    try {
      const file = await vendor.fetchFile(context, Buffer.from(ref, "base64url").toString("utf8"));
      return reply
        .code(200)
        .header("cache-control", "private, max-age=3600")
        .type(file.mimeType)
        .send(Buffer.from(file.bytes));
    } catch {
      return reply
        .code(502)
        .send({ code: "vendor_unavailable", message: "The vendor did not serve the file." });
    }
  });
}
