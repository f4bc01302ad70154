import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import { FORBIDDEN_ADDRESS, isForbiddenAddress } from "./address-policy.js";
import { addressRefusal } from "./address-refusal.js";

export interface SafeLookupOptions {
  allowPrivate: boolean;
  /** The resolver underneath; `dns.lookup` unless a test injects one. */
  lookup?: LookupFunction;
}

/**
 * A `dns.lookup`-compatible resolver for `http.Agent` / `http.request({ lookup })` that
 * refuses a host name when ANY address it resolves to is forbidden (address-policy.ts).
 * This is the connect-time check: the socket connects only to an address this function
 * returned, so a DNS answer that changes between a check and the connect (rebinding) cannot
 * slip through. Refusing on any bad address, not only the first, keeps Happy Eyeballs
 * (`autoSelectFamily`, which asks for `all`) from falling back to the bad one.
 *
 * Node does not call `lookup` for IP literals: `check` in outbound-http.ts refuses those.
 */
export function createSafeLookup(options: SafeLookupOptions): LookupFunction {
  const resolve = options.lookup ?? (dnsLookup as LookupFunction);
  return (hostname, lookupOptions, callback) => {
    const done = (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => {
      if (err) return callback(err, lookupOptions?.all ? [] : "", undefined);
      const first = addresses[0];
      if (!first) return callback(notFound(hostname), lookupOptions?.all ? [] : "", undefined);
      if (!options.allowPrivate) {
        const bad = addresses.find((a) => isForbiddenAddress(a.address));
        if (bad) return callback(forbidden(hostname, bad.address), lookupOptions?.all ? [] : "", undefined);
      }
      if (lookupOptions?.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    };
    try {
      resolve(hostname, { ...lookupOptions, all: true }, (err, address, family) => {
        if (err) return done(err, []);
        done(null, normalise(address, family));
      });
    } catch (err) {
      // dns.lookup throws synchronously on invalid arguments; callers expect a callback.
      process.nextTick(() => done(asErrno(err), []));
    }
  };
}

function normalise(address: string | LookupAddress[], family: number | undefined): LookupAddress[] {
  if (Array.isArray(address)) return address;
  // A resolver that ignored `all` answered with a single address.
  return address ? [{ address, family: family ?? (address.includes(":") ? 6 : 4) }] : [];
}

/** The refusal (address-refusal.ts), stage `dns`: the request fails with it before connecting. */
function forbidden(hostname: string, address: string): NodeJS.ErrnoException {
  return addressRefusal("dns", `${hostname} resolves to ${address}, ${FORBIDDEN_ADDRESS}`, {
    hostname,
    address,
  });
}

function notFound(hostname: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND", hostname });
}

function asErrno(err: unknown): NodeJS.ErrnoException {
  return err instanceof Error ? err : new Error(String(err));
}
