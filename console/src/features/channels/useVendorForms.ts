import { useQuery } from "@tanstack/react-query";
import { ApiError, readResponse } from "../../api/client";
import { channelKeys } from "./api";
import { type OpenApiDocument, type VendorForm, vendorForms } from "./auth-data-schema";
import { WIDGET_VENDOR } from "./vendor-facts";

/**
 * The server's OpenAPI document (public, same origin as the console), read once per session:
 * the connect form is built from it, so it always matches the running server's API.
 */
async function fetchOpenApi(): Promise<OpenApiDocument> {
  let response: Response;
  try {
    response = await fetch("/openapi.json", {
      headers: { accept: "application/json" },
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError(0, "network_error", "The server could not be reached.");
  }
  return readResponse<OpenApiDocument>(response, { quiet401: true });
}

/** The per-vendor credential forms, from the OpenAPI document. */
export function useVendorForms() {
  return useQuery({
    queryKey: channelKeys.openApi,
    queryFn: fetchOpenApi,
    staleTime: Number.POSITIVE_INFINITY,
    select: (doc): VendorForm[] => vendorForms(doc),
  });
}

/**
 * Whether the vendor's integrations hold credentials to replace: its form has fields. Until the
 * document is read, every vendor but the widget's is taken to have some.
 */
export function useHasCredentials(vendor: string): boolean {
  const forms = useVendorForms();
  const form = forms.data?.find((candidate) => candidate.vendor === vendor);
  return form ? form.fields.length > 0 : vendor !== WIDGET_VENDOR;
}
