# Pricecrawl service image: one image, the role is the command (`api` or `worker`).
# Untested here (no Docker engine on the build machine); see docs/deployment.md.

# Node 22 LTS (supported: 22 and 24; docs/deployment.md, "Runtimes"). compose.yaml passes the same.
ARG NODE_VERSION=22

# Build stage: the README's `npm install` (not `npm ci`: the lockfile cannot list other platforms'
# optional builds) with the dev tools, whose `prepare` step compiles src/ to dist/; then the dev
# tools are removed again. better-sqlite3 is built from source at install (.prebuild-installrc
# buildFromSource), so this stage needs a compiler and Python, and nothing is downloaded at install.
FROM node:${NODE_VERSION}-slim AS build
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json .npmrc .prebuild-installrc tsconfig.json tsconfig.build.json ./
COPY bin ./bin
COPY scripts ./scripts
COPY src ./src
COPY generated ./generated
RUN npm install --no-audit --no-fund && npm prune --omit=dev --no-audit --no-fund

# Runtime stage: compiled JavaScript and production dependencies only, no TypeScript compiler and
# no sources (bin/compiled.js then has nothing to compare dist/ with and runs it). The same Node as
# the build stage: better-sqlite3 was compiled for it.
FROM node:${NODE_VERSION}-slim
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/bin ./bin
COPY --from=build /app/dist ./dist
RUN mkdir -p /app/data && chown node:node /app/data

USER node
ENV HOST=0.0.0.0 PORT=8080 HEALTH_PORT=8082 SANDBOX_ENABLED=false
EXPOSE 8080 8082
# node runs the bin itself (not `npx`), so SIGTERM and SIGHUP reach the service.
ENTRYPOINT ["node", "bin/pricecrawl.js"]
CMD ["api"]
