#!/usr/bin/env bash
# Runs every libFuzzer target of Fuzz/ for a long time — 10 minutes each by default — and
# prints one summary: executions, rate, corpus size and findings per target, and the total
# time. Not run in CI (scripts/fuzz.sh runs 60 s per target there); run it before a release
# or after changing the loader, the XML reader or the expression language.
#
#     scripts/fuzz-long.sh [SECONDS]       # default 600 seconds per target
#
# Exits 1 if any target found something; the inputs are kept in .fuzz/artifacts/<target>/ and
# the logs in .fuzz/logs/ (see scripts/fuzz.sh).
set -uo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-600}"
started=$(date +%s)
log=".fuzz/logs/fuzz-long.log"
mkdir -p .fuzz/logs
scripts/fuzz.sh "$seconds" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}

echo
echo "== fuzz-long: $seconds s per target, $(( $(date +%s) - started )) s in all"
sed -n '/^== fuzz: summary/,$p' "$log" | sed '1d'
for target in FuzzMarkupReader FuzzTemplateLoader FuzzExpression; do
  findings=$(find ".fuzz/artifacts/$target" -type f 2>/dev/null | wc -l)
  echo "$target: $findings file(s) in .fuzz/artifacts/$target/"
done
if [ "$status" -ne 0 ]; then
  echo "fuzz-long: FINDINGS (exit $status)"
  exit 1
fi
echo "fuzz-long: no findings"
