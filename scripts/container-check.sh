#!/usr/bin/env bash
# The container image, built and run on this machine without pulling an image: makes a Debian
# bookworm base with debootstrap and this machine's Node 20 (binary, npm, headers) added, builds
# the Containerfile on it (podman build --isolation chroot --format docker), runs the server in
# the image with `buildah run --isolation chroot` (it shares this machine's network) on a free
# port, and checks /api/ready, a server-rendered /tld/com, the HEALTHCHECK and that the server
# runs as a non-root user; then `docker-compose config` validates compose.yaml. Prints the
# image's size and the build time. Skipped, with a message, where buildah, podman or debootstrap
# is missing (apt-get install buildah podman debootstrap docker-compose). The base image is made
# once and kept (localhost/tldscope-base:bookworm); CONTAINER_REBUILD_BASE=1 makes it again.
# Stops what it started by its process group and removes its working container.
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in buildah podman debootstrap; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "container-check: skipped: $tool is not installed (apt-get install buildah podman debootstrap docker-compose)"
    exit 0
  fi
done

storage=(--storage-driver vfs)
base=localhost/tldscope-base:bookworm
image=localhost/tldscope:check
work=$(mktemp -d)
ctr=""
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill -TERM -- "-$server_pid" 2>/dev/null || true; sleep 2; kill -KILL -- "-$server_pid" 2>/dev/null || true; fi
  if [ -n "$ctr" ]; then buildah "${storage[@]}" rm "$ctr" >/dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "container-check: $*" >&2; [ -f "$work/server.log" ] && tail -n 30 "$work/server.log" >&2; exit 1; }

if [ "${CONTAINER_REBUILD_BASE:-0}" = 1 ] || ! podman "${storage[@]}" image exists "$base"; then
  node_bin=$(command -v node)
  npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
  [ -d /usr/include/node ] || fail "Node's headers are not in /usr/include/node"
  started=$(date +%s)
  debootstrap --variant=minbase bookworm "$work/root" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 || { tail -n 20 "$work/debootstrap.log"; fail "debootstrap failed"; }
  cp "$node_bin" "$work/root/usr/bin/node"
  mkdir -p "$work/root/usr/lib/node_modules" "$work/root/usr/include"
  cp -a "$npm_dir" "$work/root/usr/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$work/root/usr/bin/npm"
  cp -a /usr/include/node "$work/root/usr/include/node"
  # A machine whose HTTPS goes through a proxy with its own certificate authority names it in
  # NODE_EXTRA_CA_CERTS: the build's npm trusts it too.
  change=()
  if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
    mkdir -p "$work/root/etc/ssl/certs"
    cp "$NODE_EXTRA_CA_CERTS" "$work/root/etc/ssl/certs/extra-ca.pem"
    change=(--change "ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/extra-ca.pem")
  fi
  tar -C "$work/root" -c . | podman "${storage[@]}" import "${change[@]}" - "$base" >/dev/null 2>&1
  rm -rf "$work/root"
  echo "container-check: base image $base made in $(( $(date +%s) - started )) s (Debian bookworm minbase, Node $("$node_bin" --version))"
fi

started=$(date +%s)
if [ "${CONTAINER_REUSE_IMAGE:-0}" = 1 ] && podman "${storage[@]}" image exists "$image"; then
  build_seconds="(not rebuilt: CONTAINER_REUSE_IMAGE=1)"
else
  # podman returns once it has removed the build's intermediate containers: with the vfs driver,
  # full copies of the file system, which takes minutes of its own.
  timeout 2400 podman "${storage[@]}" build --isolation chroot --format docker \
    --build-arg BASE="$base" --build-arg NODE_DIR=/usr ${NPM_REGISTRY:+--build-arg NPM_REGISTRY="$NPM_REGISTRY"} \
    -f Containerfile -t "$image" . >"$work/build.log" 2>&1 || { tail -n 40 "$work/build.log"; fail "the image did not build"; }
  build_seconds="in $(( $(date +%s) - started )) s"
fi
size=$(podman "${storage[@]}" image inspect --format '{{.Size}}' "$image")
healthcheck=$(podman "${storage[@]}" image inspect --format '{{json .Config.Healthcheck}}' "$image")
grep -q '/api/ready' <<<"$healthcheck" || fail "the image has no HEALTHCHECK on /api/ready: $healthcheck"
user=$(podman "${storage[@]}" image inspect --format '{{.Config.User}}' "$image")
[ -n "$user" ] && [ "$user" != root ] && [ "$user" != 0 ] || fail "the image runs as root (USER '$user')"

# buildah's chroot runs get 1024 open files, the limit the server is made to start under.
ctr=$(buildah "${storage[@]}" from "$image")
if buildah "${storage[@]}" run --isolation chroot "$ctr" -- test -e node_modules/tsx; then fail "tsx is in the image"; fi
if buildah "${storage[@]}" run --isolation chroot "$ctr" -- test -e node_modules/vite; then fail "a development dependency (vite) is in the image"; fi
port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
base_url="http://127.0.0.1:$port"
# The image listens on 0.0.0.0; here, where it shares this machine's network, on loopback only.
buildah "${storage[@]}" config --env PORT="$port" --env HOST=127.0.0.1 --env APP_URL="$base_url" --env LOG_LEVEL=warn "$ctr"
setsid buildah "${storage[@]}" run --isolation chroot "$ctr" -- node --max-semi-space-size=4 scripts/run-built.mjs main >"$work/server.log" 2>&1 &
server_pid=$!
started=$(date +%s)
for _ in $(seq 1 360); do
  [ "$(curl -s -o /dev/null -w '%{http_code}' "$base_url/api/ready")" = 200 ] && break
  kill -0 "$server_pid" 2>/dev/null || fail "the server in the image exited"
  sleep 0.5
done
[ "$(curl -s -o /dev/null -w '%{http_code}' "$base_url/api/ready")" = 200 ] || fail "/api/ready did not answer 200 within 180 s"
ready_seconds=$(( $(date +%s) - started ))
page=$(curl -s -w '\n%{http_code}' "$base_url/tld/com")
[ "$(tail -n1 <<<"$page")" = 200 ] || fail "/tld/com answered $(tail -n1 <<<"$page")"
grep -q 'id="ssr-state"' <<<"$page" || fail "/tld/com answered the client shell"
listener=$(ss -ltnpH "sport = :$port" | grep -o 'pid=[0-9]*' | head -n1 | cut -d= -f2)
[ -n "$listener" ] || fail "no process listens on port $port"
uid=$(awk '/^Uid:/ {print $2}' "/proc/$listener/status")
[ "$uid" != 0 ] || fail "the server runs as root"
# The database and its key file are written in the /data volume.
buildah "${storage[@]}" run --isolation chroot "$ctr" -- test -s /data/app.db || fail "no database in /data"

if command -v docker-compose >/dev/null 2>&1; then
  docker-compose -f compose.yaml config -q || fail "compose.yaml is not valid"
  compose="compose.yaml valid (docker-compose config)"
else
  compose="compose.yaml not checked: docker-compose is not installed"
fi
echo "container-check: image $image built $build_seconds, $(( size / 1000000 )) MB; ready in $ready_seconds s; /api/ready 200, /tld/com server-rendered, server uid $uid (user $user), HEALTHCHECK on /api/ready; $compose"
