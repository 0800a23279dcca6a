#!/usr/bin/env bash
# Model-check the Promela models of models/ with spin (Debian's `spin` package and gcc).
#
# Every model runs in each of its configurations and must pass: pan says `errors: 0`, leaves no
# trail file, and does not say "Search not completed" (pan exits 0 even when it reports errors, so
# its exit status proves nothing). Every switch that breaks a rule must FAIL: errors reported, a
# trail written, and the trail replayed by `spin -t` must end in the violation. One line per run,
# with the states pan explored. Exit status 0 when everything went as expected, 1 on any surprise,
# 2 when spin or gcc is missing. Everything happens in a temporary folder, removed at the end.
set -uo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DEPTH=10000

for tool in spin gcc; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "models: $tool is not installed (apt-get install spin gcc)"
    exit 2
  fi
done

TMP="$(mktemp -d "${TMPDIR:-/tmp}/spotcheck-models.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT
surprises=0
n=0

# Each model: its configurations (the first is the one its switches run in) and its switches.
declare -A CONFIGS=(
  [creation]="-DN=3,-DMAXCRASH=1|-DN=2,-DMAXCRASH=2"
  [relocation]="-DMAXCRASH=1|-DMAXCRASH=2"
)
declare -A SWITCHES=(
  [creation]="LOST_CAS_STILL_OWNS NO_REREAD_ON_LOST_REPLY RECOVERY_BUMPS_GENERATION CANCEL_RESETS_GENERATION RECOVER_LIVE_OWNER"
  [relocation]="ROLLBACK_AFTER_RELAY_READY COMMIT_BUMPS_GENERATION NO_REREAD_ON_LOST_REPLY FALLBACK_WITHOUT_BOUNDARY CLOSE_ADMISSION_AFTER_BOUNDARY TAKEOVER_AFTER_TARGET_DIES"
)

# run <model> <expect: pass|fail> <spin flags...>: build and run pan in a folder of its own.
run() {
  local model="$1" expect="$2"; shift 2
  local dir="$TMP/run$((n += 1))" label="$model $*"
  mkdir -p "$dir" && cp "$HERE/$model.pml" "$dir/"
  local started=$SECONDS out
  # A switch stops at its first violation, so its pan is built without optimisation: gcc -O2 takes
  # seconds longer than the search it would speed up.
  local opt=-O2; [ "$expect" = fail ] && opt=-O0
  if ! (cd "$dir" && spin "$@" -a "$model.pml" >spin.out 2>&1 && gcc "$opt" -DSAFETY -o pan pan.c >gcc.out 2>&1); then
    echo "SURPRISE  $label: the model did not build"; sed 's/^/    /' "$dir"/spin.out "$dir"/gcc.out 2>/dev/null | head -20
    surprises=$((surprises + 1)); return
  fi
  (cd "$dir" && ./pan -m"$DEPTH" >pan.out 2>&1)
  out="$dir/pan.out"
  local states errors trail incomplete
  states="$(grep -oE '^ *[0-9]+ states, stored' "$out" | grep -oE '[0-9]+' | head -1)"
  errors="$(grep -oE 'errors: [0-9]+' "$out" | grep -oE '[0-9]+' | head -1)"
  trail="$(cd "$dir" && ls ./*.trail 2>/dev/null | head -1)"
  incomplete="$(grep -cE 'Search not completed|max search depth too small' "$out")"
  local took=$((SECONDS - started))
  if [ "$expect" = pass ]; then
    if [ "$errors" = 0 ] && [ -z "$trail" ] && [ "$incomplete" = 0 ] && [ -n "$states" ]; then
      printf 'pass      %-60s %9s states  %ss\n' "$label" "$states" "$took"
    else
      printf 'SURPRISE  %-60s errors: %s, trail: %s, incomplete: %s\n' "$label" "${errors:-?}" "${trail:-none}" "$incomplete"
      grep -m3 -E 'violated|error|Search not completed' "$out" | sed 's/^/    /'
      surprises=$((surprises + 1))
    fi
  else
    local why=""
    if [ -n "$trail" ] && [ "${errors:-0}" != 0 ]; then
      # The trail must replay to the violation, or it proves nothing.
      why="$(cd "$dir" && spin -t "$@" "$model.pml" 2>&1 | grep -m1 -E 'text of failed assertion|invalid end state')"
    fi
    if [ -n "$why" ]; then
      printf 'caught    %-60s %9s states  trail: %s\n' "$label" "${states:-?}" "$(echo "$why" | sed -E 's/^spin: text of failed //; s/ +/ /g' | cut -c1-100)"
    else
      printf 'SURPRISE  %-60s survived (errors: %s, trail: %s)\n' "$label" "${errors:-?}" "${trail:-none}"
      surprises=$((surprises + 1))
    fi
  fi
}

for model in creation relocation; do
  IFS='|' read -ra configs <<<"${CONFIGS[$model]}"
  for config in "${configs[@]}"; do run "$model" pass ${config//,/ }; done
  for switch in ${SWITCHES[$model]}; do run "$model" fail ${configs[0]//,/ } -D"$switch"; done
done

if [ "$surprises" -gt 0 ]; then
  echo "models: $surprises surprise(s)"
  exit 1
fi
echo "models: every model passes in every configuration, and every switch is caught with a trail"
