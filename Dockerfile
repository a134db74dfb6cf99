# One image per service, each holding only that service:
#   docker build --build-arg SERVICE=gateway -t clarion/gateway .
# SERVICE is one of: gateway, notifications, delivery-workers, numbers, voice,
# billing, registrations, logs.

# Node 24, an LTS line maintained until April 2028; the project also runs on Node 22 (see engines).
ARG NODE_IMAGE=node:24-slim

# ---- build: the whole workspace (dev dependencies included), compiled; then the service's share of
# it, found through the Nx project graph: dist/images/$SERVICE/ holds a package.json and lockfile
# with only the packages its files import, and only the dist/ files of the app and its libs.
FROM ${NODE_IMAGE} AS build
ARG SERVICE
ENV NX_DAEMON=false NX_NO_CLOUD=true
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN test -n "${SERVICE}" && test -f "apps/${SERVICE}/project.json" \
 || { echo "build arg SERVICE must name an app under apps/ (got '${SERVICE}')" >&2; exit 1; }
RUN npm run build && node tools/image/prune.mjs "${SERVICE}"

# ---- prod-deps: the pruned lockfile's production packages; none needs an install script
# (protobufjs's only prints, @scarf/scarf's only reports downloads).
FROM ${NODE_IMAGE} AS prod-deps
ARG SERVICE
WORKDIR /app
COPY --from=build /app/dist/images/${SERVICE}/package.json /app/dist/images/${SERVICE}/package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && npm cache clean --force

# ---- runtime
FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
ENV NODE_ENV=production \
    SERVICE=${SERVICE} \
    HEALTH_PORT=8081
WORKDIR /app
# Files stay owned by root: the service only needs to read them.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist/images/${SERVICE}/ ./
# Numeric uid/gid of the image's built-in "node" user, so Kubernetes can verify runAsNonRoot.
USER 1000:1000
# Every service: probes and /metrics on HEALTH_PORT (8081). gateway: API on GATEWAY_PORT (3000);
# voice: call media on VOICE_MEDIA_PORT (3010); delivery-workers: SMTP on EMAIL_INBOUND_PORT (2525).
EXPOSE 8081
# slim has no curl: Node's fetch asks the readiness endpoint. Migrations run at boot, hence the
# start period. Kubernetes ignores this and uses the Deployment's probes.
HEALTHCHECK --interval=15s --timeout=3s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.HEALTH_PORT+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# exec: node replaces the shell and receives SIGTERM directly.
CMD ["sh", "-c", "exec node dist/apps/${SERVICE}/src/main.js"]
