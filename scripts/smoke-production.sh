#!/usr/bin/env bash
# The production start path, after `npm run build`: `npm start` on a fresh SQLite database must
# answer /api/health, then /api/ready, and from then server-rendered pages (never the shell), with React's production builds and no
# TypeScript loader, under a 1024 open-files limit (a common default); `npm run admin -- list` (built code) must work on a fresh PostgreSQL
# database when TEST_DATABASE_URL names a server. Stops what it started by process group.
set -euo pipefail
cd "$(dirname "$0")/.."

dir=$(mktemp -d)
server_pid=""
pg_db=""
cleanup() {
  if [ -n "$server_pid" ]; then kill -TERM -- "-$server_pid" 2>/dev/null || true; fi
  if [ -n "$pg_db" ]; then psql -q "$TEST_DATABASE_URL" -c "DROP DATABASE IF EXISTS $pg_db" >/dev/null 2>&1 || true; fi
  rm -rf "$dir"
}
trap cleanup EXIT
fail() { echo "smoke: $*" >&2; [ -f "$dir/server.log" ] && tail -n 30 "$dir/server.log" >&2; exit 1; }

port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
base="http://127.0.0.1:$port"
export RECORD_EXECUTED_FILE="$dir/executed.txt"
# setsid: the server gets its own process group, stopped below by its id. The open-files limit
# applies to that subshell only.
(ulimit -n 1024; exec env PORT=$port HOST=127.0.0.1 APP_URL=$base SQLITE_PATH="$dir/app.db" DATABASE_URL= LOG_LEVEL=warn NODE_ENV= \
  NODE_OPTIONS="--require $PWD/scripts/lib/record-executed.cjs" setsid npm start) >"$dir/server.log" 2>&1 &
server_pid=$!

# The port opens at once; /api/health says "starting" (with boot's step) until the database is seeded.
for _ in $(seq 1 120); do
  [ "$(curl -s "$base/api/health" 2>/dev/null)" = '{"status":"ok"}' ] && break
  kill -0 "$server_pid" 2>/dev/null || fail "npm start exited"
  sleep 0.5
done
[ "$(curl -s "$base/api/health")" = '{"status":"ok"}' ] || fail "/api/health did not answer ok"
# From the moment /api/ready says ready, pages are server-rendered: never the client shell.
for _ in $(seq 1 120); do
  [ "$(curl -s -o /dev/null -w '%{http_code}' "$base/api/ready")" = 200 ] && break
  kill -0 "$server_pid" 2>/dev/null || fail "npm start exited"
  sleep 0.25
done
[ "$(curl -s -o /dev/null -w '%{http_code}' "$base/api/ready")" = 200 ] || fail "/api/ready did not answer 200 within 30 s"
for path in /tld/com /tlds / /tld/net /registrars; do
  page=$(curl -s -w '\n%{http_code}' "$base$path")
  [ "$(tail -n1 <<<"$page")" = 200 ] || fail "$path answered $(tail -n1 <<<"$page")"
  grep -q 'id="ssr-state"' <<<"$page" || fail "$path answered the client shell after /api/ready said ready"
done
page=$(curl -s "$base/tld/com")
grep -q '\.com' <<<"$page" || fail "/tld/com does not name .com"

kill -TERM -- "-$server_pid"
for _ in $(seq 1 40); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.25; done
kill -0 "$server_pid" 2>/dev/null && fail "server still running 10 s after SIGTERM"
server_pid=""

# The render threads run the server render's bundle (dist/ssr), which holds React: its source
# map names the builds it was made from.
node -e '
const { sources } = JSON.parse(require("fs").readFileSync("dist/ssr/entry-server.js.map", "utf8"));
if (!sources.some((s) => s.endsWith("react-dom-server.node.production.js"))) { console.error("no production react-dom/server in dist/ssr"); process.exit(1); }
const dev = sources.filter((s) => /[\\/]react(-dom)?[\\/].*\.development\.js$/.test(s));
if (dev.length) { console.error("development React in dist/ssr: " + dev.join(", ")); process.exit(1); }
' || fail "the server render's bundle is not React's production build"
if [ -f "$RECORD_EXECUTED_FILE" ] && grep -E '\.development\.js$|[\\/]tsx[\\/]' "$RECORD_EXECUTED_FILE"; then fail "development React or tsx ran in production"; fi
echo "smoke: npm start served /api/health and /tld/com with React's production build and no tsx"

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  pg_db="tld_smoke_$$"
  psql -q "$TEST_DATABASE_URL" -c "CREATE DATABASE $pg_db" >/dev/null
  out=$(DATABASE_URL="${TEST_DATABASE_URL%/*}/$pg_db" APP_SECRET=smoke-secret-smoke-secret-smoke-secret APP_URL=$base \
    NODE_OPTIONS= timeout 120 npm run --silent admin -- list 2>&1) || fail "npm run admin -- list failed or hung: $out"
  grep -q 'No administrators yet' <<<"$out" || fail "npm run admin -- list said: $out"
  echo "smoke: npm run admin -- list (built) works on a fresh PostgreSQL database"
fi
