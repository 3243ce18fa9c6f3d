# syntax=docker/dockerfile:1
# The reference server as an image (and the mock receiver, target `receiver`), for users who have Docker.
#   docker build -t ppapi-reference .                      # the reference server (the last stage)
#   docker build --target receiver -t ppapi-receiver .     # the mock webhook receiver
#   docker compose up                                      # both, with PostgreSQL, Redis and maildev
# The images run each package's compiled dist/ (built in the `build` stage); no compiler is in them.
ARG NODE_VERSION=22

# 1. Production dependencies of the two packages the images run, nothing else of the workspace.
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY spec-data/package.json spec-data/
COPY webhook-receiver/package.json webhook-receiver/
COPY conformance/package.json conformance/
COPY reference-server/package.json reference-server/
RUN npm install --omit=dev --no-audit --no-fund --ignore-scripts \
      --workspace @ppapi/reference-server --workspace @ppapi/webhook-receiver \
 && npm cache clean --force

# 2. The compiler and the type packages the sources need, beside those dependencies, and each package's own
# `npm run build` (tsc, then the non-TypeScript assets such as the dashboard's templates into dist/): spec-data,
# then the receiver and the server, which import its declarations.
FROM deps AS build
RUN npm install --prefix /tmp/tools --no-audit --no-fund --ignore-scripts \
      typescript@5.9.3 @types/node@20.19.43 @types/nodemailer@8.0.2 @types/pdfkit@0.17.6 @types/pg@8.23.1 \
 && cp -r /tmp/tools/node_modules/@types node_modules/
COPY tsconfig.json ./
COPY spec-data spec-data
COPY webhook-receiver webhook-receiver
COPY reference-server reference-server
RUN for pkg in spec-data webhook-receiver reference-server; do \
      (cd "$pkg" && PATH="/tmp/tools/node_modules/.bin:$PATH" npm run build) || exit 1; \
    done

# 3. What both images share: Node, the dependencies and the compiled packages, owned by root and run as `node`.
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY package.json ./
COPY spec-data/package.json spec-data/README.md spec-data/event-catalogue.json spec-data/webhook-signature-vectors.json spec-data/
COPY --from=build /app/spec-data/dist spec-data/dist
COPY webhook-receiver/package.json webhook-receiver/README.md webhook-receiver/
COPY webhook-receiver/bin/*.js webhook-receiver/bin/
COPY --from=build /app/webhook-receiver/dist webhook-receiver/dist
USER node
ENV HOST=0.0.0.0

# 4. The mock webhook receiver: `docker run ppapi-receiver --port 4000 --secret S` (or WEBHOOK_SECRET).
FROM runtime AS receiver
EXPOSE 4000
ENTRYPOINT ["node", "webhook-receiver/bin/ppapi-receiver.js", "--host", "0.0.0.0"]
CMD ["--port", "4000"]

# 5. The reference server (default target). Configured by the environment (reference-server/README.md, Configuration);
# DATA_DIR=/data keeps an embedded PGlite database across restarts when DATABASE_URL is unset.
FROM runtime AS reference
USER root
COPY reference-server/package.json reference-server/README.md reference-server/
COPY reference-server/bin/*.js reference-server/bin/
COPY --from=build /app/reference-server/dist reference-server/dist
RUN mkdir /data && chown node:node /data
USER node
ENV PORT=3000
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "reference-server/bin/ppapi-reference.js"]
