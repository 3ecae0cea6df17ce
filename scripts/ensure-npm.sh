#!/usr/bin/env bash
# npm packages, installed only when package-lock.json changed since the last install.
# `npm install` (not `npm ci`): the registry mirror lacks other platforms' optional packages.
set -euo pipefail
stamp=node_modules/.install-stamp
want=$(cat package.json package-lock.json */package.json 2>/dev/null | sha256sum | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  npm install --no-audit --no-fund --loglevel=error
  echo "$want" > "$stamp"
fi
