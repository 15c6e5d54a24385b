#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ and runs each one for a bounded time.
#
#     scripts/fuzz.sh [SECONDS] [TARGET…]     # default: 60 seconds each, every target
#
# Fails (exit 1) on any finding: a crash or trap, an input slower than $FUZZ_TIMEOUT seconds
# (default 5), or more than 2048 MB of memory. Findings are kept in .fuzz/artifacts/<target>/
# (gitignored) with the log in .fuzz/logs/; reproduce one with
# `Fuzz/.build/debug/<target> <artifact>`. Inputs found to cover new code accumulate in
# .fuzz/corpus/<target>/, so later runs start where earlier ones stopped; the checked-in seeds
# are Fuzz/Corpus/<target>/ (regenerate them with scripts/fuzz-corpus.py).
# Linux only: needs the swift.org toolchain's libFuzzer (`-sanitize=fuzzer`).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(FuzzMarkupReader FuzzTemplateLoader FuzzExpression FuzzMarkdown)
timeout_seconds="${FUZZ_TIMEOUT:-5}"
sanitizers="${FUZZ_SANITIZERS:-fuzzer,address}"

echo "== fuzz: build (-sanitize=$sanitizers)"
start=$(date +%s)
# (The ASan runtime makes gold warn about every one of its local symbols: noise, not ours.)
swift build --package-path Fuzz -Xswiftc "-sanitize=$sanitizers" 2>&1 | { grep -v 'Cannot export local symbol' || true; }
echo "build took $(( $(date +%s) - start )) s"
bin="$(swift build --package-path Fuzz --show-bin-path)"

# Swift keeps lazily built globals for the life of the process, which LeakSanitizer reports as
# leaks; memory that really grows per input still fails the run through -rss_limit_mb.
export ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}"

declare -A dictionary=([FuzzMarkupReader]=xml [FuzzTemplateLoader]=xml [FuzzExpression]=expression [FuzzMarkdown]=markdown)
failed=()
summary=()
for target in "${targets[@]}"; do
  corpus=".fuzz/corpus/$target" artifacts=".fuzz/artifacts/$target" log=".fuzz/logs/$target.log"
  mkdir -p "$corpus" "$artifacts" .fuzz/logs
  echo "== fuzz: $target for $seconds s"
  status=0
  "$bin/$target" "$corpus" "Fuzz/Corpus/$target" \
    -dict="Fuzz/Dictionaries/${dictionary[$target]}.dict" \
    -max_total_time="$seconds" -timeout="$timeout_seconds" -rss_limit_mb=2048 -max_len=4096 \
    -artifact_prefix="$artifacts/" -detect_leaks=0 -print_final_stats=1 -print_funcs=0 \
    >"$log" 2>&1 || status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  if [ -z "$runs" ]; then  # no final stats after a finding: take the last status line
    runs=$(sed -n 's/^#\([0-9]*\).*/\1/p' "$log" | tail -1)
  fi
  line="$target: ${runs:-0} executions (${rate:-?}/s), corpus $(ls "$corpus" | wc -l) + $(ls "Fuzz/Corpus/$target" | wc -l) seeds"
  if [ "$status" -ne 0 ]; then
    line="$line — FINDING (exit $status)"
    failed+=("$target")
    grep -E '^(==[0-9]+==ERROR|SUMMARY|Fatal error|.*: Fatal error|artifact_prefix|Test unit written)' "$log" | head -20 || true
    tail -n 30 "$log"
  fi
  echo "$line"
  summary+=("$line")
done

echo "== fuzz: summary"
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "error: findings in ${failed[*]}; inputs in .fuzz/artifacts/, logs in .fuzz/logs/" >&2
  exit 1
fi
