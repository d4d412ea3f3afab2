# The back office's image (docs/DEPLOY.md "An image"): the production build only, run by node as a user without
# rights, on the embedded database in /data unless DATABASE_URL names a PostgreSQL server.
#   docker build -t backoffice .
#   docker run -p 8080:8080 -v backoffice-data:/data backoffice

# Build: the whole toolchain, then `npm run build` makes dist/ (the bundles, the migrations, the admin, a lock file
# of the few packages the bundles leave external).
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/admin/package.json apps/admin/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Run: node, dist/ and its production dependencies (about 270 MB, most of it the GeoIP data); no npm at run time.
FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=build /src/dist/package.json /src/dist/package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /src/dist/ ./
RUN groupadd --system --gid 10001 backoffice \
  && useradd --system --uid 10001 --gid backoffice --home-dir /app --shell /usr/sbin/nologin backoffice \
  && mkdir -p /data && chown backoffice:backoffice /data
USER backoffice
VOLUME ["/data"]
EXPOSE 8080
# Readiness: the database and the file storage answer (GET /api/health, docs/DEPLOY.md).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server is PID 1's only child: SIGTERM from `docker stop` reaches it (it drains and exits 0 within 25 s).
STOPSIGNAL SIGTERM
CMD ["node", "server.cjs"]
