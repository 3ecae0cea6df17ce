#!/usr/bin/env bash
# Starts a local Redis the way the product needs it (BullMQ's production notes; ADR 0047):
# persistence on (append-only file, fsync every second), its files in a data folder that
# survives a reboot (never /tmp), and noeviction (an evicted key is a lost job).
#   scripts/start-redis.sh [port] [data folder]
# Defaults: 6379 and $REDIS_DIR, else /var/lib/redis for root, else ./data/redis. Returns once
# Redis answers. scripts/ensure-system.sh calls it; the fault test starts its own Redis with it.
set -euo pipefail
port=${1:-6379}
dir=${2:-${REDIS_DIR:-}}
if [ -z "$dir" ]; then
  if [ "$(id -u)" -eq 0 ]; then dir=/var/lib/redis; else dir="$(cd "$(dirname "$0")/.." && pwd)/data/redis"; fi
fi
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
# A Redis already answering on the port with other files is not this one (a run that was
# stopped leaves its daemon behind): say so instead of handing its data to the caller.
theirs() { redis-cli -p "$port" config get dir 2>/dev/null | tail -1; }
if redis-cli -p "$port" ping 2>/dev/null | grep -q PONG; then
  [ "$(theirs)" = "$dir" ] && exit 0
  echo "port $port is taken by another Redis (its files in $(theirs)); stop it: redis-cli -p $port shutdown nosave" >&2
  exit 1
fi
redis-server --daemonize yes --bind 127.0.0.1 --port "$port" --dir "$dir" \
  --appendonly yes --appendfsync everysec --maxmemory-policy noeviction \
  --logfile "$dir/redis-$port.log" --pidfile "$dir/redis-$port.pid" >/dev/null
for _ in $(seq 1 80); do
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && redis-cli -p "$port" ping 2>/dev/null | grep -q PONG && [ "$(theirs)" = "$dir" ] && exit 0
  sleep 0.25
done
echo "Redis did not start on port $port; see $dir/redis-$port.log" >&2
exit 1
