#!/usr/bin/env bash
# `npm start`: everything one machine needs, then studio, worker and a render node together.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f .env ] && set -a && . ./.env && set +a
bash scripts/ensure-system.sh
bash scripts/ensure-npm.sh
npx tsx server/cli/migrate.ts
npx tsx server/cli/seed.ts
# The reader is copied into every publication: build it (seconds) so publishing works.
npm run --silent build -w publisher
exec node --import tsx server/run-all.ts
