const SCHEMA_REF = /"#\/components\/schemas\/([^"]+)"/g;

function refsIn(value: unknown): string[] {
  return [...JSON.stringify(value).matchAll(SCHEMA_REF)].map((match) =>
    decodeURIComponent(match[1]!).replace(/~1/g, "/").replace(/~0/g, "~"),
  );
}

/**
 * The document without the component schemas nothing uses. The Zod registry holds every schema
 * with an id, each in an input and an output variant; the document keeps those that its paths
 * and webhooks reference, directly or through other schemas (docs/api.md#the-openapi-document).
 */
export function withoutUnusedSchemas<T extends object>(document: T): T {
  const components = (document as { components?: { schemas?: Record<string, unknown> } }).components;
  const schemas = components?.schemas;
  if (!schemas) return document;
  const used = new Set<string>();
  const pending = refsIn({ ...document, components: { ...components, schemas: {} } });
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (used.has(name) || !(name in schemas)) continue;
    used.add(name);
    pending.push(...refsIn(schemas[name]));
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...components, schemas: kept } };
}
