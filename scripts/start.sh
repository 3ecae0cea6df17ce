#!/usr/bin/env bash
# `npm start`: the product the way users run it, on one machine: the production build (built
# when it is missing or older than its sources), studio, content origin, worker, one render node
# and, without SMTP_URL, the local mail catcher. `npm run dev` (this script with --dev) is the
# developers' mode: the same processes, the studio through Vite with HMR. Without SHOP_URL,
# server/run-all.ts adds the sandbox shop (no payment), so ordering can be tried.
# docs/decisions/0004-modes.md.
set -euo pipefail
cd "$(dirname "$0")/.."
MODE=production
[ "${1:-}" = "--dev" ] && MODE=development
[ -f .env ] && set -a && . ./.env && set +a
bash scripts/ensure-system.sh
bash scripts/ensure-npm.sh

export DATA_DIR=${DATA_DIR:-./data}
mkdir -p "$DATA_DIR"

# One-machine secrets: made on the first start, kept in the data folder (git ignores it), reused
# by every later start. A value set in the environment or .env wins over the file.
secrets="$DATA_DIR/secrets.env"
if [ ! -f "$secrets" ]; then
  (
    umask 077
    node -e '
      const { randomBytes } = require("node:crypto");
      const secret = () => randomBytes(32).toString("base64url");
      // Upper, lower, digit and sign, then 16 random bytes: passes the password rules.
      console.log(`# Made by npm start on ${new Date().toISOString()}; keep it private.`);
      console.log(`SESSION_SECRET=${secret()}`);
      console.log(`RENDER_NODE_TOKEN=${secret()}`);
      console.log(`DEMO_ADMIN_PASSWORD=Demo-7!${randomBytes(16).toString("base64url")}`);
    ' > "$secrets"
  )
  echo "secrets made for this machine: $secrets"
fi
# The sandbox shop's webhook secret (server/sandbox-shop/, used while no SHOP_URL is set); added to
# a secrets file of an older start too.
if ! grep -q '^SHOP_WEBHOOK_SECRET=' "$secrets"; then
  node -e 'console.log(`SHOP_WEBHOOK_SECRET=${require("node:crypto").randomBytes(32).toString("base64url")}`)' >>"$secrets"
fi
while IFS='=' read -r key value; do
  case "$key" in '' | \#*) continue ;; esac
  # A real shop (SHOP_URL set) brings its own secret: a forgotten one must still be reported.
  [ "$key" = SHOP_WEBHOOK_SECRET ] && [ -n "${SHOP_URL:-}" ] && continue
  [ -z "${!key:-}" ] && export "$key=$value"
done < "$secrets"

export NODE_ENV=$MODE
export PORT=${PORT:-3000} CONTENT_PORT=${CONTENT_PORT:-3001}
export PUBLIC_URL=${PUBLIC_URL:-http://localhost:$PORT}
# Another host name than the studio's: customer code in a publication never sees studio cookies.
export CONTENT_URL=${CONTENT_URL:-http://127.0.0.1:$CONTENT_PORT}
if [ -z "${SMTP_URL:-}" ]; then
  export MAIL_CATCHER=1 SMTP_URL=smtp://127.0.0.1:1025
fi

if [ "$MODE" = production ]; then
  stamp=build/.built-at
  if [ ! -f build/server/index.js ] || [ ! -f publisher/dist/reader/reader.js ] || [ ! -f "$stamp" ] ||
    [ -n "$(find app publisher/src publisher/reader public proto/gen vite.config.ts react-router.config.ts package-lock.json \
      -newer "$stamp" -type f -print -quit 2>/dev/null)" ]; then
    echo "building the production build (the first start and after a change take a minute) …"
    npm run --silent build
    touch "$stamp"
  fi
else
  # The reader is copied into every publication: build it (seconds) so publishing works.
  npm run --silent build -w publisher
fi

npx tsx server/cli/migrate.ts
npx tsx server/cli/seed.ts
echo "ePaper Studio ($MODE): $PUBLIC_URL  ·  published ePapers: $CONTENT_URL"
echo "demo admin: ${DEMO_ADMIN_EMAIL:-admin@demo.epaper.test} / ${DEMO_ADMIN_PASSWORD:-} (kept in $secrets unless changed in the studio)"
[ "${MAIL_CATCHER:-}" = 1 ] && echo "mail: kept in $DATA_DIR/mails (no SMTP_URL set)"
exec node --import tsx server/run-all.ts
