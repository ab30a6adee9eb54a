# Pricecrawl service image: one image, the role is the command (`api` or `worker`).
# Untested here (no Docker engine on the build machine); see docs/deployment.md.
FROM node:20-slim

# better-sqlite3 is built from source at install (.prebuild-installrc buildFromSource), so the image needs a
# compiler and Python, and nothing is downloaded at install time.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY package.json package-lock.json .npmrc .prebuild-installrc ./
# The README's `npm install` (not `npm ci`: the lockfile cannot list other platforms' optional
# builds), without the dev tools.
RUN npm install --omit=dev --no-audit --no-fund
COPY tsconfig.json ./
COPY bin ./bin
COPY src ./src
RUN mkdir -p /app/data && chown node:node /app/data

USER node
ENV HOST=0.0.0.0 PORT=8080 HEALTH_PORT=8082 SANDBOX_ENABLED=false
EXPOSE 8080 8082
# node runs the bin itself (not `npx`), so SIGTERM and SIGHUP reach the service.
ENTRYPOINT ["node", "bin/pricecrawl.js"]
CMD ["api"]
