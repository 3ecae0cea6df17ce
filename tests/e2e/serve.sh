#!/usr/bin/env bash
# Starts the product for the end-to-end tests: production mode, its own database and ports,
# a fresh schema and seed each run. Expects `npm run build` to have run.
set -euo pipefail
cd "$(dirname "$0")/../.."
export NODE_ENV=production
export PORT=3100 CONTENT_PORT=3101 WORKER_PORT=3102 RENDER_NODE_PORT=50151
export PUBLIC_URL=http://localhost:3100 CONTENT_URL=http://127.0.0.1:3101 LANDING_URL=http://localhost:3100/landing
export DATABASE_URL=${E2E_DATABASE_URL:-mysql://root@127.0.0.1:3306/epaper_e2e}
export REDIS_URL=${E2E_REDIS_URL:-redis://127.0.0.1:6379/14}
export DATA_DIR=./data/e2e
export SESSION_SECRET=e2e-session-secret-0123456789abcdefghijkl
export RENDER_NODE_TOKEN=e2e-render-node-token-0123456789abcdefgh
export DEMO_ADMIN_PASSWORD='E2e!Admin2026'
mariadb -h127.0.0.1 -uroot -e "DROP DATABASE IF EXISTS epaper_e2e" 2>/dev/null || true
# Fresh Redis too: rate-limit counters and queues of an earlier run must not leak into this one.
redis-cli -u "$REDIS_URL" flushdb >/dev/null 2>&1 || true
npx tsx server/cli/migrate.ts >/dev/null
npx tsx server/cli/seed.ts >/dev/null
exec node --import tsx server/run-all.ts
