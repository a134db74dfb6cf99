# One image per service, all built from the same monorepo:
#   docker build --build-arg SERVICE=gateway -t clarion/gateway .
# SERVICE is one of: gateway, notifications, delivery-workers, numbers, voice,
# billing, registrations, logs.

# Node 24, an LTS line maintained until April 2028; the project also runs on Node 22 (see engines).
ARG NODE_IMAGE=node:24-slim

# ---- build: full dependency tree (dev deps included), compile every app into dist/
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- prod-deps: production dependencies only, no install scripts needed
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && npm cache clean --force

# ---- runtime
FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
ENV NODE_ENV=production \
    SERVICE=${SERVICE}
WORKDIR /app
# Files stay owned by root: the service only needs to read them.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/dist ./dist
# Fail the build early if SERVICE is missing or names an unknown service.
RUN test -n "${SERVICE}" \
 && test -f "dist/apps/${SERVICE}/src/main.js" \
 || { echo "build arg SERVICE must name an app under apps/ (got '${SERVICE}')" >&2; exit 1; }
# Numeric uid/gid of the image's built-in "node" user, so Kubernetes can verify runAsNonRoot.
USER 1000:1000
# gateway: public API and probes on GATEWAY_PORT (3000); other services: probes on HEALTH_PORT (8081).
EXPOSE 3000 8081
# exec: node replaces the shell and receives SIGTERM directly.
CMD ["sh", "-c", "exec node dist/apps/${SERVICE}/src/main.js"]
