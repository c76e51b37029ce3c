#!/bin/bash
# hwcheck-drop.sh DIR RESULTS: isolates each Go line's 8- and 16-byte
# shared loads on the hardware counter, which sums a whole launch. For
# every DIR/cu/*.cu it builds the -G binary once as is and once for each
# Go line N with such a load, with -DHWCHECK_DROP=N (the prelude then
# leaves that line's loads out), all builds in parallel, and reads each
# binary's launches' counter alone (no section: one replay pass). Writes
# RESULTS/drop.txt: for each binary a line "## FILE LINE" (LINE 0: none
# dropped), then Nsight Compute's raw CSV of its launches.
# A line's hardware figure in a launch is the counter as is less the
# counter with the line dropped (docs/hardware.md, "Isolating a line").
set -u
dir=${1:?usage: hwcheck-drop.sh DIR RESULTS}
res=${2:?usage: hwcheck-drop.sh DIR RESULTS}
arch=${HWCHECK_ARCH:-sm_90}
counter=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum
mkdir -p "$res" "$dir/drop"
for cu in "$dir"/cu/*.cu; do
  name=$(basename "$cu" .cu)
  echo "$cu $name 0"
  awk '/^#line /{n=$2} /__lds(16|8)\(&|__ldsn(16|8)\(/{print n}' "$cu" | sort -un | sed "s|^|$cu $name |"
done > "$dir/drop/list.txt"
build() { nvcc -G -std=c++17 -arch="$arch" -DHWCHECK_DROP="$3" -o "$dir/drop/$2.$3" "$1" > "$dir/drop/$2.$3.nvcc.txt" 2>&1 || echo "$2 $3 FAILED"; }
export -f build; export dir arch
xargs -P "$(nproc)" -n 3 bash -c 'build "$0" "$1" "$2"' < "$dir/drop/list.txt"
while read -r cu name line; do
  [ -x "$dir/drop/$name.$line" ] || continue
  echo "## $name $line"
  ncu --metrics "$counter" --csv --page raw --clock-control none "$dir/drop/$name.$line" 2> /dev/null | grep -v '^==PROF=='
done < "$dir/drop/list.txt" > "$res/drop.txt"
