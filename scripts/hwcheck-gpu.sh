#!/bin/bash
# hwcheck-gpu.sh DIR [RESULTS]: the GPU half of `make hwcheck`. Run from
# the repository root on a machine with nvcc, ncu and an H100, after
# `smemlint hwcheck prepare -o DIR`. Builds every DIR/cu/*.cu twice
# (-O3 -lineinfo, and -G), runs each build under Nsight Compute with the
# SourceCounters section, and exports the per-instruction source view
# (CUDA lines with their SASS) as RESULTS/<file>.<build>.csv.gz, which
# `smemlint hwcheck report DIR RESULTS` compares with the predictions.
# HWCHECK_BUDGET (seconds, default 540) stops starting new profiles when
# spent, so that a time-limited run still returns what it measured;
# HWCHECK_ONLY="examples.O3 fuzz00300.G" profiles only those.
set -u
dir=${1:?usage: hwcheck-gpu.sh DIR [RESULTS]}
res=${2:-$dir/results}
budget=${HWCHECK_BUDGET:-540}
arch=${HWCHECK_ARCH:-sm_90}
start=$(date +%s)
mkdir -p "$res" "$dir/bin"
{ nvcc --version; ncu --version; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; } > "$res/versions.txt" 2>&1

# Build: every file and build in parallel; a failure is recorded, not fatal.
build() {
  local cu=$1 b=$2 name
  name=$(basename "$cu" .cu)
  local flags="-O3 -lineinfo"
  [ "$b" = G ] && flags="-G"
  if nvcc $flags -std=c++17 -arch="$arch" -o "$dir/bin/$name.$b" "$cu" > "$res/$name.$b.nvcc.txt" 2>&1; then
    echo "$name $b ok"
  else
    echo "$name $b FAILED"
  fi
}
export -f build
export dir res arch
ls "$dir"/cu/*.cu | grep -v "${HWCHECK_SKIP:-^$}" | while read -r cu; do echo "$cu G"; echo "$cu O3"; done |
  xargs -P "$(nproc)" -n 2 bash -c 'build "$0" "$1"' > "$res/builds.txt"
echo "builds: $(grep -c ' ok$' "$res/builds.txt") ok, $(grep -c FAILED "$res/builds.txt") failed ($(( $(date +%s) - start )) s)"

# Profile: -G first (the build the predictions must match), then -O3.
# The corpora before the fuzzer's files, which are many.
for b in G O3; do
  for exe in $(ls "$dir"/bin/*."$b" | grep -v '/fuzz'; ls "$dir"/bin/fuzz*."$b" 2>/dev/null); do
    [ -x "$exe" ] || continue
    name=$(basename "$exe" ."$b")
    # HWCHECK_ONLY lists the NAME.BUILD to profile (all when unset).
    if [ -n "${HWCHECK_ONLY:-}" ] && ! grep -qw "$name.$b" <<< "$HWCHECK_ONLY"; then continue; fi
    if [ $(( $(date +%s) - start )) -ge "$budget" ]; then
      echo "$name $b skipped: budget spent" >> "$res/skipped.txt"
      continue
    fi
    t0=$(date +%s)
    ncu --section SourceCounters --clock-control none -f -o "$res/$name.$b" "$exe" > "$res/$name.$b.run.txt" 2>&1
    ncu -i "$res/$name.$b.ncu-rep" --page source --csv --print-source cuda,sass 2> "$res/$name.$b.export.txt" |
      gzip > "$res/$name.$b.csv.gz"
    rm -f "$res/$name.$b.ncu-rep"
    echo "$name $b $(( $(date +%s) - t0 )) s" >> "$res/times.txt"
  done
done
echo "done in $(( $(date +%s) - start )) s"
