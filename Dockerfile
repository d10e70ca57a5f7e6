# The StudyHub API server on the official Node 24 slim image. Untested here
# (these machines have no docker): server/image-steps.test.ts runs the same
# steps outside a container in every `npm test`.
#
#   docker build -t studyhub-api .
#   docker run -p 8787:8787 --env-file studyhub.env \
#     -v studyhub-data:/data -v /srv/backups:/backups --name studyhub studyhub-api   # embedded PostgreSQL in /data
#   docker run -p 8787:8787 --env-file studyhub.env -e DATABASE_URL=postgres://… studyhub-api   # a PostgreSQL server
#   docker exec studyhub node dist-server/backup.mjs /backups     # a backup while it runs (docs/deploy.md)
#
# Build arguments VITE_* build the app too, served from the same origin (APP_DIST_DIR); see docs/deploy.md.

FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm 11's `npm ci` wants lockfile entries for other platforms' optional bindings that a Linux-only mirror
# never wrote (see .ci/run); then the locked tree is installed without rewriting the lockfile.
RUN npm ci --no-audit --no-fund || npm install --no-save --no-audit --no-fund
COPY . .
ARG VITE_API_URL=/api
ARG VITE_FIREBASE_API_KEY
ARG VITE_FIREBASE_AUTH_DOMAIN
ARG VITE_FIREBASE_PROJECT_ID
ARG VITE_FIREBASE_APP_ID
RUN npm run build:server && npx vite build

FROM node:24-slim
# NODE_ENV=production: the server refuses to start without FIREBASE_PROJECT_ID
# (the real project) and TOKEN_SECRET (the token secret's half kept outside the
# database), both given at `docker run` (--env-file), and never seeds the demo data.
ENV NODE_ENV=production SEED=never HOST=0.0.0.0 PORT=8787 DATA_DIR=/data APP_DIST_DIR=/app/dist
WORKDIR /app
COPY package.json package-lock.json ./
RUN (npm ci --omit=dev --no-audit --no-fund || npm install --omit=dev --no-save --no-audit --no-fund) \
  && npm cache clean --force
COPY --from=build /app/dist-server ./dist-server
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8787
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8787)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# SIGTERM drains requests in flight, then closes the database (releasing /data's lock).
STOPSIGNAL SIGTERM
CMD ["node", "dist-server/main.mjs"]
