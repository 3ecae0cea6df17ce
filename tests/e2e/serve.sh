#!/usr/bin/env bash
# Starts the product for the end-to-end tests: production mode, its own database and ports,
# a fresh schema and seed each run. Expects `npm run build` to have run.
set -euo pipefail
cd "$(dirname "$0")/../.."
export NODE_ENV=production
# E2E_SLOT (0–2) lets several runs share a machine; tests/e2e/support/slot.ts derives the same values.
SLOT=${E2E_SLOT:-0}
BASE=$((3100 + SLOT * 10))
SUFFIX=$([ "$SLOT" = 0 ] && echo "" || echo "_$SLOT")
REDIS_DBS=(14 13 9)
export PORT=$BASE CONTENT_PORT=$((BASE + 1)) WORKER_PORT=$((BASE + 2)) RENDER_NODE_PORT=$((25151 + SLOT * 10))
export PUBLIC_URL=http://localhost:$BASE CONTENT_URL=http://127.0.0.1:$((BASE + 1)) LANDING_URL=http://localhost:$BASE/landing
export DATABASE_URL=mysql://root@127.0.0.1:3306/epaper_e2e$SUFFIX
export REDIS_URL=redis://127.0.0.1:6379/${REDIS_DBS[$SLOT]}
export DATA_DIR=./data/e2e${SUFFIX/_/-}
export SESSION_SECRET=e2e-session-secret-0123456789abcdefghijkl
export RENDER_NODE_TOKEN=e2e-render-node-token-0123456789abcdefgh
export DEMO_ADMIN_PASSWORD='E2e!Admin2026'
# Tests act as the local proxy: each test sends its own X-Forwarded-For, so the per-IP rate limits
# (signup, try-it: 10 an hour) count per test as they would per visitor, not for the whole run.
export TRUST_PROXY=loopback
# Request and call logs (JSON lines, ADR 0046) would bury the run's output: warnings and errors only.
export LOG_LEVEL=${LOG_LEVEL:-warn}
# Mails go over real SMTP to the mail catcher, which writes them where the tests read them.
export SMTP_URL=smtp://127.0.0.1:$((BASE + 5)) MAIL_CATCHER=1 MAIL_CATCHER_DIR=$DATA_DIR/mails
mariadb -h127.0.0.1 -uroot -e "DROP DATABASE IF EXISTS epaper_e2e$SUFFIX" 2>/dev/null || true
# Fresh Redis too: rate-limit counters and queues of an earlier run must not leak into this one.
redis-cli -u "$REDIS_URL" flushdb >/dev/null 2>&1 || true
npx tsx server/cli/migrate.ts >/dev/null
npx tsx server/cli/seed.ts >/dev/null
# A web site outside the studio (an external link's page with its Open Graph image): the only
# private address the server may fetch preview images from in this run (ADR 0033).
OUTSIDE_PORT=$((BASE + 6))
# The webhooks journey's receiver (ADR 0058), BASE + 8, and the API journey's outside program (a
# PDF to import, its webhooks), BASE + 9.
export OUTBOUND_ALLOW_PRIVATE=127.0.0.1:$OUTSIDE_PORT,127.0.0.1:$((BASE + 8)),127.0.0.1:$((BASE + 9))
# A server left on the port by an earlier run (its folder gone) would answer 404 to every journey
# that fetches from it: refuse to start rather than fail those journeys at random.
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
if port_open "$OUTSIDE_PORT"; then
  echo "serve.sh: port $OUTSIDE_PORT (the outside site) is taken by another process; stop it first" >&2
  exit 1
fi
python3 -m http.server "$OUTSIDE_PORT" --bind 127.0.0.1 --directory tests/e2e/outside-site >/dev/null 2>&1 &
for _ in $(seq 1 100); do port_open "$OUTSIDE_PORT" && break; sleep 0.2; done
# The external shop (the only thing mocked, issue 13): the sandbox shop npm start runs without a
# SHOP_URL (server/sandbox-shop/), started by run-all on its own port as SHOP_URL; its checkout
# page calls the studio's signed webhook. A shop of the caller's environment must not replace it.
unset SHOP_URL SANDBOX_SHOP SANDBOX_SHOP_WEBHOOK_URL
export SANDBOX_SHOP_PORT=$((BASE + 7)) SHOP_WEBHOOK_SECRET=e2e-shop-webhook-secret-0123456789abcdef
# No CHANNEL_DOMAIN, as on a machine started with `npm start`: subdomains then live under
# `<name>.localhost:<content port>` (channelDomainFor, ADR 0041), which the channels journey opens.
unset CHANNEL_DOMAIN
# The journeys write footer links, news and preferences straight into the database and expect the
# next page to show them: no reference memory here (ADR 0054; its rules are proven in Vitest).
export REFERENCE_CACHE_MS=0
exec node --import tsx server/run-all.ts
