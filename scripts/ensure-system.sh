#!/usr/bin/env bash
# Installs what the product needs on a Debian/Ubuntu machine when it is missing, and starts
# MariaDB and Redis when they are not reachable. Idempotent: a second run only checks.
# Where it cannot install (not root, not Debian), it says exactly what to install.
set -euo pipefail

need_packages=()
command -v pdftoppm >/dev/null 2>&1 || need_packages+=(poppler-utils)
command -v which >/dev/null 2>&1 || need_packages+=(debianutils)
# Poppler's CMaps for fonts a PDF names but does not embed (Adobe-Japan1, -GB1, -CNS1, -Korea1),
# and the fonts it falls back to for CJK, Arabic and Cyrillic text: without them such pages
# render blank (issue 15 §0c). Checked by package, as they have no command.
for package in poppler-data fonts-noto-cjk fonts-dejavu-core fonts-liberation2; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || need_packages+=("$package")
done
# OCR of scanned pages (issue 47): Tesseract and the language data of every ePaper language the
# studio offers (db/seed-data.ts EPAPER_LANGUAGES; about 1.5 MB each).
for package in tesseract-ocr tesseract-ocr-eng tesseract-ocr-deu tesseract-ocr-ara tesseract-ocr-bul tesseract-ocr-ces \
  tesseract-ocr-dan tesseract-ocr-spa tesseract-ocr-ell tesseract-ocr-fin tesseract-ocr-fra tesseract-ocr-hrv tesseract-ocr-hun \
  tesseract-ocr-ita tesseract-ocr-jpn tesseract-ocr-kor tesseract-ocr-lav tesseract-ocr-nld tesseract-ocr-nor tesseract-ocr-pol \
  tesseract-ocr-por tesseract-ocr-ron tesseract-ocr-rus tesseract-ocr-slk tesseract-ocr-slv tesseract-ocr-sqi tesseract-ocr-srp \
  tesseract-ocr-swe tesseract-ocr-tur tesseract-ocr-chi-sim; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || need_packages+=("$package")
done
# The tests unpack zip packages the way a customer does.
command -v unzip >/dev/null 2>&1 || need_packages+=(unzip)
[ -x /usr/bin/chromium ] || need_packages+=(chromium)
command -v mariadbd >/dev/null 2>&1 || [ -x /usr/sbin/mariadbd ] || command -v mysqld >/dev/null 2>&1 || need_packages+=(mariadb-server)
command -v redis-server >/dev/null 2>&1 || need_packages+=(redis-server)

node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt 20 ]; then
  echo "Node.js 20.12 or newer is required (found: $(node --version 2>/dev/null || echo none))." >&2
  exit 1
fi

if [ ${#need_packages[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing: ${need_packages[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${need_packages[@]}" >/dev/null
  else
    echo "Missing system packages: ${need_packages[*]}" >&2
    echo "Install them (Debian/Ubuntu: sudo apt-get install ${need_packages[*]}) and run this command again." >&2
    exit 1
  fi
fi

reachable() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

db_url=${DATABASE_URL:-mysql://root@127.0.0.1:3306/epaper}
redis_url=${REDIS_URL:-redis://127.0.0.1:6379}
local_db=false; local_redis=false
[[ "$db_url" =~ @(127\.0\.0\.1|localhost)(:3306)?/ ]] && local_db=true
[[ "$redis_url" =~ ://(127\.0\.0\.1|localhost)(:6379)?(/|$) ]] && local_redis=true

if $local_db && ! reachable 3306; then
  [ "$(id -u)" -eq 0 ] || { echo "MariaDB is not running on 127.0.0.1:3306; start it (sudo service mariadb start)." >&2; exit 1; }
  echo "starting MariaDB"
  if [ ! -d /var/lib/mysql/mysql ]; then mariadb-install-db --user=mysql --datadir=/var/lib/mysql >/dev/null; fi
  mkdir -p /run/mysqld && chown mysql:mysql /run/mysqld
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd -- --user=mysql --bind-address=127.0.0.1
  for _ in $(seq 1 60); do reachable 3306 && break; sleep 0.5; done
  reachable 3306 || { echo "MariaDB did not start; see its error log in /var/lib/mysql" >&2; exit 1; }
fi

if $local_redis && ! reachable 6379; then
  [ "$(id -u)" -eq 0 ] || { echo "Redis is not running on 127.0.0.1:6379; start it (sudo service redis-server start)." >&2; exit 1; }
  echo "starting Redis (append-only persistence in ${REDIS_DIR:-/var/lib/redis})"
  bash "$(dirname "$0")/start-redis.sh" 6379
fi
# A local Redis that runs without persistence loses every queued job when it restarts; the
# worker rebuilds them from the database (ADR 0047), but say it here, where it can be fixed.
if $local_redis && command -v redis-cli >/dev/null 2>&1 && [ "$(redis-cli -p 6379 config get appendonly 2>/dev/null | tail -1)" = "no" ]; then
  echo "warning: the local Redis runs without persistence (appendonly no); restart it with scripts/start-redis.sh" >&2
fi

# Root with an empty password over TCP is how a fresh local MariaDB is reached here; a
# server that only allows unix_socket for root gets a clear hint instead of a stack trace.
if $local_db && command -v mariadb >/dev/null 2>&1; then
  if ! mariadb -h127.0.0.1 -uroot -e 'SELECT 1' >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
    mariadb -uroot -e "ALTER USER 'root'@'localhost' IDENTIFIED VIA unix_socket OR mysql_native_password USING PASSWORD(''); FLUSH PRIVILEGES;" 2>/dev/null || true
  fi
fi
