import { randomBase62 } from "./ids.js";

const ACCEPTABLE_INBOUND_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Every response carries `x-request-id`. A well-formed id sent by a proxy is kept so logs
 * correlate across hops; anything else is replaced.
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  if (typeof header === "string" && ACCEPTABLE_INBOUND_ID.test(header)) return header;
  return `req_${randomBase62(22)}`;
}
