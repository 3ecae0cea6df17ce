# One image for studio, worker and render node; docker-compose.yml picks the command.
FROM node:20-bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends poppler-utils poppler-data fonts-noto-cjk fonts-dejavu-core fonts-liberation2 \
    tesseract-ocr tesseract-ocr-eng tesseract-ocr-deu tesseract-ocr-ara tesseract-ocr-bul tesseract-ocr-ces tesseract-ocr-dan \
    tesseract-ocr-spa tesseract-ocr-ell tesseract-ocr-fin tesseract-ocr-fra tesseract-ocr-hrv tesseract-ocr-hun tesseract-ocr-ita \
    tesseract-ocr-jpn tesseract-ocr-kor tesseract-ocr-lav tesseract-ocr-nld tesseract-ocr-nor tesseract-ocr-pol tesseract-ocr-por \
    tesseract-ocr-ron tesseract-ocr-rus tesseract-ocr-slk tesseract-ocr-slv tesseract-ocr-sqi tesseract-ocr-srp tesseract-ocr-swe \
    tesseract-ocr-tur tesseract-ocr-chi-sim \
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
