#!/usr/bin/env bash
# Tests of the scripts themselves (scripts/check.sh's last step):
# 1. godot_log_problems (scripts/godot_helpers.sh) fails a log on SCRIPT ERROR, on an
#    ERROR: or WARNING: line nobody declared, on ALSA errors and on leaks, and passes a
#    clean log, a declared ("EXPECTED ...") error and an allowed line;
# 2. check.sh --help prints its usage and no line of the script; check.sh refuses an
#    unknown step.
set -euo pipefail

repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)
say() { printf 'script_tests.sh: %s\n' "$*" >&2; }
die() { printf 'script_tests.sh: FAILED: %s\n' "$*" >&2; exit 1; }
cd "$repo"
# shellcheck source=scripts/godot_helpers.sh
source scripts/godot_helpers.sh
work="$repo/target/script_tests"
rm -rf -- "$work"
mkdir -p "$work"

# log_case pass|fail NAME LINE...: godot_log_problems on a log of LINEs.
log_case() {
    local want=$1 name=$2 log="$work/case.log" got
    shift 2
    printf '%s\n' "$@" >"$log"
    if godot_log_problems "$log" '^WARNING: allowed here' >/dev/null; then got=pass; else got=fail; fi
    [[ $got == "$want" ]] || die "godot_log_problems: $name: $got, want $want"
}

test_log_check() {
    log_case pass "a clean log" "Godot Engine v4.6.3" "godot: 3 passed, 0 failed"
    log_case pass "a declared error" "ERROR: boom" "EXPECTED ERROR: boom"
    log_case pass "an allowed warning" "WARNING: allowed here, under Xvfb"
    log_case fail "an undeclared error" "ERROR: boom" "EXPECTED ERROR: other"
    log_case fail "an undeclared warning" "WARNING: careful"
    log_case fail "a script error" "SCRIPT ERROR: Parse Error: x"
    log_case fail "ALSA errors" "ALSA lib confmisc.c:855:(parse_card) cannot find card '0'"
    log_case fail "leaked objects" "WARNING: ObjectDB instances leaked at exit (run with --verbose for details)."
    log_case fail "leaked resources" "ERROR: 3 resources still in use at exit." \
        "EXPECTED ERROR: 3 resources still in use at exit." "Resource leaked at exit: res://x.tres"
    log_case fail "a second, undeclared copy" "ERROR: boom" "ERROR: boom" "EXPECTED ERROR: boom"
    say "godot_log_problems: 10 cases"
}

test_usage_texts() {
    local usage out step
    usage=$(scripts/check.sh --help)
    ! grep -qE 'set -|pipefail|^#' <<<"$usage" || die "check.sh --help prints script lines: $usage"
    for step in fmt clippy gdlint rust godot package scripts; do
        grep -qE "^  $step " <<<"$usage" || die "check.sh --help does not describe $step"
    done
    if out=$(scripts/check.sh nosuchstep 2>&1); then die "check.sh accepted an unknown step"; fi
    grep -q 'unknown step nosuchstep' <<<"$out" || die "check.sh nosuchstep: $out"
    say "usage texts: check.sh --help, check.sh nosuchstep"
}

test_log_check
test_usage_texts
say "OK"
