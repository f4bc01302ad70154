/**
 * `code` of the error the outbound guard fails a request with when it refuses an address. It
 * stays inside Parley: each caller reports a refusal in its own terms (webhook deliveries
 * `EWEBHOOKADDRESS`, MCP servers `EMCPADDRESS`, custom tools `refused_address`).
 */
export const ADDRESS_REFUSED_CODE = "EOUTBOUNDADDRESS";

/**
 * Where the guard refused: the URL itself (not http(s), or an IP literal on a forbidden
 * address), the address a host name resolved to, or the address the socket connected to.
 */
export type RefusalStage = "url" | "dns" | "connected";

export type AddressRefusal = Error & {
  code: typeof ADDRESS_REFUSED_CODE;
  stage: Exclude<RefusalStage, "url">;
  hostname?: string;
  address?: string;
};

export function addressRefusal(
  stage: AddressRefusal["stage"],
  message: string,
  where: { hostname?: string; address?: string } = {},
): AddressRefusal {
  const fields: Omit<AddressRefusal, keyof Error> = { code: ADDRESS_REFUSED_CODE, stage, ...where };
  return Object.assign(new Error(message), fields);
}

export function isAddressRefusal(error: unknown): error is AddressRefusal {
  return error instanceof Error && (error as { code?: unknown }).code === ADDRESS_REFUSED_CODE;
}
