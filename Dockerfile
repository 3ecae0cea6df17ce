# One image for studio, worker and render node; docker-compose.yml picks the command.
FROM node:20-bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends poppler-utils poppler-data fonts-noto-cjk fonts-dejavu-core fonts-liberation2 \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY proto/package.json proto/
COPY render-node/package.json render-node/
COPY publisher/package.json publisher/
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build
ENV NODE_ENV=production
RUN mkdir -p /data && chown node:node /data
USER node
