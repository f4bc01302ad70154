/** The order-lookup tool of docs/custom-tools.md, against any base URL. */
export function orderLookup(baseUrl: string, overrides: Record<string, unknown> = {}) {
  return {
    name: "lookup_order",
    description: "Looks up an order of the shop by its number (like A-1001).",
    method: "GET",
    url: `${baseUrl}/orders/{order_id}?expand={expand}`,
    input_schema: {
      type: "object",
      properties: {
        order_id: { type: "string", pattern: "^[A-Z]-\\d{4}$", description: "The order number." },
        expand: { type: "string", enum: ["items"], description: "items: include the order's items." },
      },
      required: ["order_id"],
      additionalProperties: false,
    },
    headers: { "X-Api-Key": "shop-api-key-123" },
    ...overrides,
  };
}

/** A tool that creates an order with a JSON body. */
export function placeOrder(baseUrl: string, overrides: Record<string, unknown> = {}) {
  return {
    name: "place_order",
    description: "Places an order for a product.",
    method: "POST",
    url: `${baseUrl}/orders`,
    input_schema: {
      type: "object",
      properties: { sku: { type: "string", minLength: 1 }, quantity: { type: "integer", minimum: 1 } },
      required: ["sku", "quantity"],
      additionalProperties: false,
    },
    ...overrides,
  };
}

/** A tool calling a fixed path of the fake (`/fail/500`, `/slow`, `/html`, …) with no arguments. */
export function fixedPath(
  baseUrl: string,
  name: string,
  path: string,
  overrides: Record<string, unknown> = {},
) {
  return { name, description: `Calls ${path}.`, method: "GET", url: `${baseUrl}${path}`, ...overrides };
}
