import http from "node:http";
import https from "node:https";
import type { LookupFunction, Socket } from "node:net";
import {
  hostnameOf,
  isForbiddenAddress,
  type OutboundUrlCheck,
  validateOutboundUrl,
} from "./address-policy.js";
import { addressRefusal } from "./address-refusal.js";
import { createSafeLookup } from "./safe-lookup.js";

export interface OutboundHttpOptions {
  /** PARLEY_WEBHOOKS_ALLOW_PRIVATE: reach loopback, private and link-local addresses (development, tests). */
  allowPrivate: boolean;
  /** Pool sockets between requests (keep-alive agents); otherwise every request has a socket of its own. */
  keepAlive: boolean;
  /** The resolver under the address guard; `dns.lookup` unless a test injects one. */
  lookup?: LookupFunction;
}

export interface OutboundRequestInit {
  method: string;
  /** Sent as given: the caller builds them (content-length included). */
  headers: Record<string, string>;
  body?: Buffer;
}

/**
 * HTTP requests to addresses a user supplied (webhook endpoints, custom tools, MCP servers),
 * only ever to public ones (address-policy.ts) unless the configuration allows private ones.
 *
 * The guard has three layers: `check` refuses IP-literal URLs before connecting (Node does not
 * call `lookup` for them); host names go through the safe lookup, whose answer is the only
 * address the socket connects to; and nothing is written until the connected socket's remote
 * address has been checked once more, so no header or body reaches a forbidden address even if
 * a path skipped the first two. Redirects are never followed: a 3xx is an answer like any
 * other. Built on node:http because fetch has no `lookup` hook.
 */
export interface OutboundHttp {
  /** The URL check, before any connection: parse, http(s) only, no credentials, no forbidden IP literal. */
  check(url: string): OutboundUrlCheck;
  /**
   * Opens one request to a URL that passed `check`; the body is written once the socket's
   * address has passed too, else the request is destroyed with an `AddressRefusal`
   * (address-refusal.ts, stage `connected`), as a refused lookup fails it (stage `dns`).
   * The caller reads the response: `sendBuffered` (send-buffered.ts) reads it whole, with a
   * timeout and a size limit; a streaming adapter (MCP's fetch) reads it as it comes.
   */
  open(url: URL, init: OutboundRequestInit): http.ClientRequest;
  /** Closes the pooled keep-alive sockets. */
  close(): void;
}

export function createOutboundHttp(options: OutboundHttpOptions): OutboundHttp {
  const { allowPrivate } = options;
  const lookup = createSafeLookup({ allowPrivate, lookup: options.lookup });
  const agentOptions = { keepAlive: true, maxSockets: 50, lookup };
  const agents = options.keepAlive
    ? { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) }
    : undefined;

  const check = (url: string) => validateOutboundUrl(url, allowPrivate);

  function open(url: URL, init: OutboundRequestInit): http.ClientRequest {
    const isHttps = url.protocol === "https:";
    const request = (isHttps ? https : http).request({
      protocol: url.protocol,
      hostname: hostnameOf(url),
      port: url.port === "" ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      method: init.method,
      headers: init.headers,
      // Without a pool, a socket of its own: the lookup below decides every connection.
      agent: agents ? (isHttps ? agents.https : agents.http) : false,
      lookup,
    });
    request.on("socket", (socket: Socket) => {
      const writeWhenSafe = () => {
        if (request.destroyed || socket.destroyed) return;
        const remote = socket.remoteAddress;
        if (!allowPrivate && (remote === undefined || isForbiddenAddress(remote))) {
          const where = remote ?? "an unknown address";
          request.destroy(
            addressRefusal("connected", `connected to ${where}, a forbidden address; nothing was sent`),
          );
          return;
        }
        request.end(init.body);
      };
      if (socket.connecting) socket.once("connect", writeWhenSafe);
      else writeWhenSafe();
    });
    return request;
  }

  return {
    check,
    open,
    close() {
      agents?.http.destroy();
      agents?.https.destroy();
    },
  };
}
