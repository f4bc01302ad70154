# syntax=docker/dockerfile:1
#
# Parley's image: one Node.js process, `npm start` without npm (docs/operations.md#containers).
#
#   docker build -t parley .
#   docker run -d --name parley -p 8080:8080 -v parley-data:/data --stop-timeout 15 parley
#
# The build stage runs `npm ci` as the README does: it installs every dependency, and, through
# the `prepare` script, builds the operator console
# (console/dist), the web widget (widget/dist) and the server itself as JavaScript (dist/). The
# runtime stage takes only what `npm start` needs: the production dependencies, src/ (whose hash
# tells scripts/start.mjs that dist/ is up to date, so nothing is written at run time), dist/,
# scripts/, the two builds and the package manifest.

ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# No compiler: better-sqlite3 ships prebuilt Node-API binaries for linux x64 and arm64 in its
# npm package, as sqlite-vec and esbuild ship theirs (docs/operations.md#nodejs).
COPY . .
RUN --mount=type=cache,target=/root/.npm \
  npm ci --no-audit --no-fund \
  && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
# MALLOC_ARENA_MAX as `npm start` sets it (docs/performance.md#memory).
ENV DATA_DIR=/data \
  HOST=0.0.0.0 \
  PORT=8080 \
  MALLOC_ARENA_MAX=2
WORKDIR /app
# Owned by root and read-only to the server; only /data is written.
COPY --from=build /app/package.json /app/package-lock.json /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
# node-llama-cpp's GPU builds link here (an empty package): docs/local-models.md#gpu.
COPY --from=build /app/packages ./packages
COPY --from=build /app/src ./src
COPY --from=build /app/dist ./dist
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/console/dist ./console/dist
COPY --from=build /app/widget/dist ./widget/dist
RUN mkdir -p /data && chown node:node /data
# The image's `node` user (uid 1000), by number so that runAsNonRoot can check it.
USER 1000:1000
# SQLite (parley.db), the generated secret.key and uploaded files; on PostgreSQL only the files.
VOLUME /data
EXPOSE 8080
# No curl in the slim image: node's own fetch asks /readyz (database answers, migrations applied).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# What `npm start` runs. Node is PID 1 and handles SIGTERM and SIGINT itself (a graceful stop of
# up to PARLEY_SHUTDOWN_TIMEOUT_MS, 10 s by default: give `docker stop` more, e.g. --stop-timeout 15).
CMD ["node", "--max-semi-space-size=8", "scripts/start.mjs"]
