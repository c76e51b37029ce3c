#!/bin/bash
# hwcheck-gpu.sh DIR [RESULTS]: the GPU half of `make hwcheck`. Run from
# the repository root on a machine with nvcc, ncu and an H100, after
# `smemlint hwcheck prepare -o DIR`. Builds every DIR/cu/*.cu twice
# (-O3 -lineinfo, and -G), runs each build under Nsight Compute with the
# HwcheckSource section (scripts/hwcheck-sections: SourceCounters' SASS
# counters without its warp-stall sampling, which costs a replay pass and
# which the report does not read), and exports the per-instruction source
# view (CUDA lines with their SASS) as RESULTS/<file>.<build>.csv.gz, which
# `smemlint hwcheck report DIR RESULTS` compares with the predictions.
#
# HWCHECK_JOBS (default 4) Nsight Compute processes profile one build at
# once, each a slice of its launches (--launch-skip/--launch-count); their
# exports are concatenated in launch order. On the H100 four processes
# profiled twice as many kernels a second as one; twelve did no better.
# HWCHECK_PAR (default 2) builds are profiled at once, each so.
# HWCHECK_BUDGET (seconds, default 540) stops starting new builds' profiles
# when spent, so that a time-limited run still returns what it measured;
# HWCHECK_ONLY="examples.O3 fuzz00300.G" builds and profiles only those.
# HWCHECK_SECTION=SourceCounters uses Nsight Compute's own section.
# HWCHECK_KERNELS=FILE profiles only some kernels of a build: each line
# "NAME.BUILD KERNEL..." names them (the others run unprofiled); the
# exports then hold those alone, and `smemlint hwcheck report DIR OLD NEW`
# reads them over an earlier run's (a translation change that touched a
# few kernels of each file).
set -u
dir=${1:?usage: hwcheck-gpu.sh DIR [RESULTS]}
res=${2:-$dir/results}
budget=${HWCHECK_BUDGET:-540}
arch=${HWCHECK_ARCH:-sm_90}
jobs=${HWCHECK_JOBS:-4}
par=${HWCHECK_PAR:-2}
section=${HWCHECK_SECTION:-HwcheckSource}
# The hardware counter of each launch's shared-load wavefronts, exported
# as RESULTS/<file>.<build>.raw.csv.gz: for 16-byte loads the source
# view's per-instruction figure is not the hardware's (docs/hardware.md,
# the 16-byte probe), and the report judges those rows by it.
counter=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum
sections=$(cd "$(dirname "$0")" && pwd)/hwcheck-sections
start=$(date +%s)
mkdir -p "$res" "$dir/bin"
{ nvcc --version; ncu --version; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; } > "$res/versions.txt" 2>&1

kernels() { # NAME.BUILD: the kernels HWCHECK_KERNELS lists for it, if any
  [ -n "${HWCHECK_KERNELS:-}" ] && awk -v nb="$1" '$1 == nb { $1 = ""; print substr($0, 2) }' "$HWCHECK_KERNELS"
}

wanted() { # NAME.BUILD: whether HWCHECK_ONLY (when set) lists it
  [ -z "${HWCHECK_ONLY:-}" ] || grep -qw "$1" <<< "$HWCHECK_ONLY"
}

# Build: every file and build in parallel; a failure is recorded, not fatal.
build() {
  local cu=$1 b=$2 name
  name=$(basename "$cu" .cu)
  local flags="-O3 -lineinfo"
  [ "$b" = G ] && flags="-G"
  # A build newer than its source is kept (a second run on one machine).
  if [ "$dir/bin/$name.$b" -nt "$cu" ]; then echo "$name $b ok (kept)"; return; fi
  if nvcc $flags -std=c++17 -arch="$arch" -o "$dir/bin/$name.$b" "$cu" > "$res/$name.$b.nvcc.txt" 2>&1; then
    echo "$name $b ok"
  else
    echo "$name $b FAILED"
  fi
}
export -f build
export dir res arch
for cu in $(ls "$dir"/cu/*.cu | grep -v "${HWCHECK_SKIP:-^$}"); do
  name=$(basename "$cu" .cu)
  for b in G O3; do wanted "$name.$b" && echo "$cu $b"; done
done | xargs -P "$(nproc)" -n 2 bash -c 'build "$0" "$1"' >> "$res/builds.txt"
echo "builds: $(grep -c ' ok$' "$res/builds.txt") ok, $(grep -c FAILED "$res/builds.txt") failed ($(( $(date +%s) - start )) s)"

# profile EXE NAME.BUILD LAUNCHES: JOBS processes, each a slice of the
# launches, then one export of them all in launch order.
profile() {
  local exe=$1 nb=$2 n=$3 j skip count parts=() metrics= only=()
  # The counter only for -G: the report does not judge -O3 builds by it.
  [[ $nb == *.G ]] && metrics=$counter
  local listed
  listed=$(kernels "$nb")
  if [ -n "$listed" ]; then
    n=$(wc -w <<< "$listed")
    only=(--kernel-name "regex:^($(tr ' ' '|' <<< "$listed"))\$")
  fi
  local per=$(( (n + jobs - 1) / jobs ))
  for (( j = 0; j * per < n; j++ )); do
    skip=$(( j * per )); count=$per
    ncu --section-folder "$sections" --section "$section" ${metrics:+--metrics "$metrics"} ${only[@]+"${only[@]}"} --clock-control none \
      --launch-skip "$skip" --launch-count "$count" -f -o "$res/$nb.$j" "$exe" > "$res/$nb.$j.run.txt" 2>&1 &
    parts+=("$j")
  done
  wait
  if [ -n "$metrics" ]; then
    for j in "${parts[@]}"; do
      ncu -i "$res/$nb.$j.ncu-rep" --page raw --csv --metrics "$counter" 2>> "$res/$nb.export.txt"
    done | gzip > "$res/$nb.raw.csv.gz"
  fi
  for j in "${parts[@]}"; do
    ncu -i "$res/$nb.$j.ncu-rep" --page source --csv --print-source cuda,sass 2>> "$res/$nb.export.txt"
    rm -f "$res/$nb.$j.ncu-rep"
  done | gzip > "$res/$nb.csv.gz"
  cat "$res/$nb".[0-9]*.run.txt > "$res/$nb.run.txt" && rm -f "$res/$nb".[0-9]*.run.txt
}
[ "$section" = SourceCounters ] && sections=$(dirname "$(readlink -f "$(command -v ncu)")")/sections
[ -d "$sections" ] || sections=$(ls -d /opt/nvidia/nsight-compute/*/sections | head -1)

# Profile: -G first (the build the predictions must match), then -O3.
# The corpora before the fuzzer's files, which are many.
for b in G O3; do
  for exe in $(ls "$dir"/bin/*."$b" 2>/dev/null | grep -v '/fuzz'; ls "$dir"/bin/fuzz*."$b" 2>/dev/null); do
    [ -x "$exe" ] || continue
    name=$(basename "$exe" ."$b")
    wanted "$name.$b" || continue
    if [ $(( $(date +%s) - start )) -ge "$budget" ]; then
      echo "$name $b skipped: budget spent" >> "$res/skipped.txt"
      continue
    fi
    (
      t0=$(date +%s)
      profile "$exe" "$name.$b" "$(grep -c 'failed += run_' "$dir/cu/$name.cu")"
      echo "$name $b $(( $(date +%s) - t0 )) s" >> "$res/times.txt"
    ) &
    while [ "$(jobs -rp | wc -l)" -ge "$par" ]; do wait -n; done
  done
done
wait
echo "done in $(( $(date +%s) - start )) s"
