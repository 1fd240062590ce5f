# One image for every process of the scaled mode: each compose service runs
# `node --import tsx <svc>/src/server.ts` (the gateway by default).
FROM node:24-bookworm-slim

WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false

COPY . .
# `npm install`, not `npm ci`: see docs/stack-notes (the lockfile lacks other platforms' optional binaries).
RUN npm install \
 && npm run build \
 && chmod +x docker/entrypoint.sh \
 && mkdir -p /secrets /data \
 && chown -R node:node /app /secrets /data

USER node
# The app's Node flags (app/src/node-flags.ts) for every process of the image.
ENV NODE_ENV=production HOST=0.0.0.0 NODE_OPTIONS=--max-semi-space-size=64
EXPOSE 8080
ENTRYPOINT ["/app/docker/entrypoint.sh"]
CMD ["node", "--import", "tsx", "gateway/src/server.ts"]
