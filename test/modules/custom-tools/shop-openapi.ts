/**
 * A realistic OpenAPI 3.0 document of the fake shop (fake-tool-server.ts), petstore-style:
 * shared parameters, request bodies and schemas behind `$ref`s, `nullable`, `readOnly`, `allOf`,
 * and operations that cannot become tools (a multipart upload, a required header parameter, a
 * recursive body, HEAD).
 */
export function shopOpenApi(): Record<string, unknown> {
  return {
    openapi: "3.0.3",
    info: { title: "Shop API", version: "1.4.0" },
    servers: [
      {
        url: "{scheme}://shop.example.com/api/v1",
        variables: { scheme: { default: "https", enum: ["https"] } },
      },
    ],
    paths: {
      "/orders/{order_id}": {
        parameters: [{ $ref: "#/components/parameters/OrderId" }],
        get: {
          operationId: "getOrder",
          summary: "Get an order",
          description: "Returns the order's status; with expand=items, its items too.",
          parameters: [
            {
              name: "expand",
              in: "query",
              required: false,
              description: "Include the items.",
              schema: { type: "string", enum: ["items"] },
            },
          ],
          responses: {
            "200": {
              description: "The order",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Order" } } },
            },
          },
        },
        put: {
          operationId: "updateOrder",
          summary: "Change an order",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  allOf: [
                    { $ref: "#/components/schemas/OrderPatch" },
                    {
                      type: "object",
                      properties: { note: { type: "string", nullable: true, maxLength: 500 } },
                    },
                  ],
                },
              },
            },
          },
          responses: { "200": { description: "Changed" } },
        },
        delete: {
          summary: "Cancel an order",
          responses: { "204": { description: "Cancelled" } },
        },
      },
      "/orders": {
        head: { operationId: "countOrders", responses: { "200": { description: "Count in a header" } } },
        post: {
          operationId: "createOrder",
          summary: "Place an order",
          parameters: [
            { name: "notify", in: "query", schema: { type: "boolean" }, description: "Send an email." },
          ],
          requestBody: { $ref: "#/components/requestBodies/NewOrder" },
          responses: { "201": { description: "Created" } },
          "x-internal-note": "ignored",
        },
      },
      "/orders/{order_id}/attachments": {
        post: {
          operationId: "uploadAttachment",
          summary: "Attach a file to an order",
          parameters: [{ $ref: "#/components/parameters/OrderId" }],
          requestBody: {
            required: true,
            content: {
              "multipart/form-data": {
                schema: { type: "object", properties: { file: { type: "string", format: "binary" } } },
              },
            },
          },
          responses: { "200": { description: "Attached" } },
        },
      },
      "/reports/daily": {
        get: {
          operationId: "getDailyReport",
          parameters: [{ name: "X-Report-Token", in: "header", required: true, schema: { type: "string" } }],
          responses: { "200": { description: "The report" } },
        },
      },
      "/categories": {
        post: {
          operationId: "createCategory",
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/Category" } } },
          },
          responses: { "200": { description: "Created" } },
        },
      },
    },
    components: {
      parameters: {
        OrderId: {
          name: "order_id",
          in: "path",
          required: true,
          description: "The order number, like A-1001.",
          schema: { type: "string", pattern: "^[A-Z]-\\d{4}$", example: "A-1001" },
        },
      },
      requestBodies: {
        NewOrder: {
          required: true,
          content: {
            "application/json; charset=utf-8": { schema: { $ref: "#/components/schemas/NewOrder" } },
          },
        },
      },
      schemas: {
        Order: {
          type: "object",
          properties: { id: { type: "string" }, status: { type: "string" } },
        },
        NewOrder: {
          type: "object",
          required: ["sku", "quantity"],
          properties: {
            id: { type: "string", readOnly: true },
            sku: { type: "string", minLength: 1, example: "PIZZA-L", "x-catalog": "main" },
            quantity: { type: "integer", format: "int32", minimum: 0, exclusiveMinimum: true },
            gift_wrap: { type: "boolean", nullable: true, default: false },
            delivery: { $ref: "#/components/schemas/Delivery" },
          },
        },
        Delivery: {
          type: "object",
          properties: {
            date: { type: "string", format: "date" },
            phone: { type: "string", format: "phone" },
          },
        },
        OrderPatch: {
          type: "object",
          required: ["status"],
          properties: { status: { type: "string", enum: ["on_hold", "confirmed"] } },
        },
        Category: {
          type: "object",
          properties: {
            name: { type: "string" },
            children: { type: "array", items: { $ref: "#/components/schemas/Category" } },
          },
        },
      },
    },
  };
}
