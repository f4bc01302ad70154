import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { App } from "../../infra/http-types.js";
import type { Logger } from "../../infra/logging.js";

/**
 * Serves the operator console (docs/console.md) at /console from the same process and port:
 * the files Vite built into console/dist (by `npm ci`'s prepare script, or `npm run
 * console:build`). Hashed assets are cached for a year; every other path under /console is the
 * single-page app's index.html, sent with a strict Content-Security-Policy. The console is a
 * client of the public API like any other: nothing here reads the database.
 *
 * The server's root sends a browser to the console, and the console's icon (console/public/
 * favicon.svg, copied into the build) is also the server's `/favicon.ico`, which browsers ask
 * for on any page of the host (docs/console.md).
 */
const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

const SECURITY_HEADERS = {
  "content-security-policy": [
    "default-src 'self'",
    "script-src 'self'",
    // Mantine sets CSS variables through style elements and attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "connect-src 'self'",
    "font-src 'self' data:",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join("; "),
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
  "x-frame-options": "DENY",
};

interface CachedFile {
  body: Buffer;
  gzip: Buffer | undefined;
  type: string;
}

/** console/dist of the checkout this file belongs to (src/… or a compiled dist/src/…). */
export function defaultConsoleDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, "package.json")) && existsSync(join(dir, "console")))
      return join(dir, "console", "dist");
    dir = dirname(dir);
  }
  return join(process.cwd(), "console", "dist");
}

export function serveConsole(app: App, options: { dir: string | undefined; log: Logger }): void {
  const root = normalize(options.dir ?? defaultConsoleDir());
  const cache = new Map<string, Promise<CachedFile | undefined>>();

  const load = (path: string) => {
    let entry = cache.get(path);
    if (!entry) {
      entry = readFile(path).then(
        (body) => {
          const type = CONTENT_TYPES[extname(path)] ?? "application/octet-stream";
          const compressible = /^(text|application\/json|image\/svg)/.test(type) && body.length > 1024;
          return { body, type, gzip: compressible ? gzipSync(body) : undefined };
        },
        () => undefined,
      );
      // A missing file is not cached: a build may add it while the server runs.
      entry.then((file) => file ?? cache.delete(path));
      cache.set(path, entry);
    }
    return entry;
  };

  const send = (request: FastifyRequest, reply: FastifyReply, file: CachedFile, cacheControl: string) => {
    const acceptsGzip = /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""));
    reply
      .header("content-type", file.type)
      .header("cache-control", cacheControl)
      .header("vary", "accept-encoding");
    if (file.gzip && acceptsGzip) return reply.header("content-encoding", "gzip").send(file.gzip);
    return reply.send(file.body);
  };

  const index = async (request: FastifyRequest, reply: FastifyReply) => {
    const file = await load(join(root, "index.html"));
    reply.headers(SECURITY_HEADERS);
    if (!file) {
      options.log.warn({ dir: root }, "the console is not built: run npm run console:build");
      return reply
        .code(503)
        .type("text/html; charset=utf-8")
        .send(
          "<!doctype html><title>Parley console</title><p>The console is not built. Run <code>npm run console:build</code> " +
            "(npm ci does it) and reload.</p>",
        );
    }
    return send(request, reply, file, "no-cache");
  };

  app.get("/", { schema: { hide: true } }, async (_request, reply) => reply.redirect("/console/", 302));
  app.get("/console", { schema: { hide: true } }, async (_request, reply) =>
    reply.redirect("/console/", 302),
  );
  const icon = async (request: FastifyRequest, reply: FastifyReply) => {
    const file = await load(join(root, "favicon.svg"));
    if (!file) return reply.code(404).send({ code: "not_found", message: "No such file." });
    reply.header("x-content-type-options", "nosniff");
    return send(request, reply, file, "public, max-age=86400");
  };
  app.get("/favicon.ico", { schema: { hide: true } }, icon);
  app.get("/console/favicon.svg", { schema: { hide: true } }, icon);
  app.get("/console/*", { schema: { hide: true } }, async (request, reply) => {
    const rest = (request.params as { "*": string })["*"];
    if (rest.startsWith("assets/")) {
      const path = normalize(join(root, rest));
      if (!path.startsWith(root + sep))
        return reply.code(404).send({ code: "not_found", message: "No such file." });
      const file = await load(path);
      if (!file) return reply.code(404).send({ code: "not_found", message: "No such file." });
      reply.header("x-content-type-options", "nosniff");
      return send(request, reply, file, "public, max-age=31536000, immutable");
    }
    return index(request, reply);
  });
}
