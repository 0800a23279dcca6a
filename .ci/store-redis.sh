#!/usr/bin/env bash
# Runs the Redis Store tests (test/store/redis.test.ts) once per way of getting a redis-server,
# and the whole suite on the process backend with its servers in containers:
#   testcontainers  through podman's Docker-compatible socket (no Docker engine in CI), with the
#                   locally built image from shared/containers (nothing can be pulled)
#   binary          the redis-server from PATH
# Prints one result line per way at the end and exits non-zero if either run failed.
# Everything it starts (podman service, containers, redis-servers) is removed on exit, even after a crash.
set -uo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
# shared/ sits beside the project (beside the clone in CI), not inside it.
SHARED="$(cd "$(dirname "$0")/../../shared/containers" 2>/dev/null && pwd || true)"
TMP="$(mktemp -d -t spotcheck-store-redis.XXXXXX)"
# Labels this run's containers (see src/servers/redis.ts), so cleanup never touches other runs'.
# (Its redis-servers are told apart by their working directory, made under TMPDIR=$TMP.)
export SPOTCHECK_RUN_ID="store-redis-$$-$RANDOM"
SERVICE_PID=""
APT_UPDATED=""
RESULTS=()
FAILED=0
cd "$ROOT" || exit 1

cleanup() {
  if command -v podman >/dev/null; then
    local ids
    ids="$(podman ps -aq --filter "label=spotcheck.run=$SPOTCHECK_RUN_ID" 2>/dev/null)"
    [ -n "$ids" ] && podman rm -f $ids >/dev/null 2>&1
  fi
  # A test process that was killed outright cannot stop its redis-server: ours are the ones
  # working in a directory under $TMP (the test ran with TMPDIR=$TMP); kill exactly those PIDs.
  local pid
  for pid in $(pgrep -x redis-server); do
    case "$(readlink "/proc/$pid/cwd" 2>/dev/null)" in "$TMP"/*) kill -9 "$pid" 2>/dev/null ;; esac
  done
  if [ -n "$SERVICE_PID" ]; then
    kill "$SERVICE_PID" 2>/dev/null
    wait "$SERVICE_PID" 2>/dev/null
  fi
  rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

apt_install() {
  if [ -z "$APT_UPDATED" ]; then apt-get update -q >/dev/null && APT_UPDATED=1 || return 1; fi
  # A dpkg run cut short earlier on this machine makes apt-get refuse: finish it and retry once.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" >/dev/null && return 0
  DEBIAN_FRONTEND=noninteractive dpkg --configure -a >/dev/null || true
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" >/dev/null
}

# Sets up podman as a Docker-compatible engine for testcontainers (TOOLCHAIN.md's recipe).
# Prints why on failure.
setup_testcontainers() {
  if ! command -v podman >/dev/null; then
    apt_install podman runc slirp4netns fuse-overlayfs uidmap iptables netavark aardvark-dns \
      || { echo "apt-get install podman failed"; return 1; }
  fi
  [ -n "$SHARED" ] || { echo "no shared/containers beside the project"; return 1; }
  # runc, cgroupfs and ulimits the sandbox allows (podman's defaults fail here).
  export CONTAINERS_CONF="$SHARED/containers.conf"
  if ! podman image exists localhost/redis-nats:mini; then
    bash "$SHARED/build-image.sh" "$TMP/image" >"$TMP/build-image.log" 2>&1 \
      || { echo "build-image.sh failed: $(tail -1 "$TMP/build-image.log")"; return 1; }
  fi
  podman system service --time=0 "unix://$TMP/podman.sock" >"$TMP/podman-service.log" 2>&1 &
  SERVICE_PID=$!
  export DOCKER_HOST="unix://$TMP/podman.sock" TESTCONTAINERS_RYUK_DISABLED=true TESTCONTAINERS_HOST_OVERRIDE=127.0.0.1
  # Ryuk stays off: its image cannot be pulled here; cleanup() removes our containers instead.
  local i
  for i in $(seq 100); do
    node -e "require('http').get({socketPath: process.argv[1], path: '/_ping'},
      (r) => process.exit(r.statusCode === 200 ? 0 : 1)).on('error', () => process.exit(1))" \
      "$TMP/podman.sock" && return 0
    kill -0 "$SERVICE_PID" 2>/dev/null || { echo "podman system service exited: $(tail -1 "$TMP/podman-service.log")"; return 1; }
    sleep 0.1
  done
  echo "podman socket did not answer within 10 s"
  return 1
}

setup_binary() {
  command -v redis-server >/dev/null && return 0
  apt_install redis-server || { echo "apt-get install redis-server failed"; return 1; }
}

# run_way WAY: sets the way up, runs the test file with it forced, records one result line.
run_way() {
  local way="$1" why t0 rc
  echo "=== store-redis via $way"
  # Not in $(...): setup must run in this shell to keep its exports and the service PID.
  if ! "setup_$way" >"$TMP/setup.log" 2>&1; then
    why="$(tail -1 "$TMP/setup.log")"
    RESULTS+=("store-redis via $way: FAILED (setup: ${why:-see above})")
    FAILED=1
    return
  fi
  t0=$(date +%s%N)
  TMPDIR="$TMP" SPOTCHECK_REDIS_VIA="$way" node --import tsx --test test/store/redis.test.ts
  rc=$?
  local secs; secs=$(awk "BEGIN { printf \"%.1f\", ($(date +%s%N) - $t0) / 1e9 }")
  if [ "$rc" -eq 0 ]; then
    RESULTS+=("store-redis via $way: ok (${secs} s)")
  else
    RESULTS+=("store-redis via $way: FAILED (exit $rc after ${secs} s)")
    FAILED=1
  fi
}

# The process backend through containers: Redis and a routed three-server NATS cluster as
# containers on one podman network. Needs run_way testcontainers first: it sets podman up in this
# shell. Its reports go to $SPOTCHECK_PROCESS_REPORTS when set (.ci/run keeps them as the process
# backend's run: the suite on that backend runs once in CI, here).
run_process_in_containers() {
  local t0 rc secs
  [ -n "$SERVICE_PID" ] || { RESULTS+=("process backend via testcontainers: FAILED (no podman service)"); FAILED=1; return; }
  echo "=== process backend via testcontainers"
  t0=$(date +%s%N)
  TMPDIR="$TMP" SPOTCHECK_REDIS_VIA=testcontainers SPOTCHECK_NATS_VIA=testcontainers \
    node bin/spotcheck.js run --backend process --out "${SPOTCHECK_PROCESS_REPORTS:-$TMP/process-reports}"
  rc=$?
  secs=$(awk "BEGIN { printf \"%.1f\", ($(date +%s%N) - $t0) / 1e9 }")
  if [ "$rc" -eq 0 ]; then
    RESULTS+=("process backend via testcontainers: ok (${secs} s)")
  else
    RESULTS+=("process backend via testcontainers: FAILED (exit $rc after ${secs} s)")
    FAILED=1
  fi
}

run_way testcontainers
run_process_in_containers
run_way binary
printf '%s\n' "${RESULTS[@]}"
exit "$FAILED"
