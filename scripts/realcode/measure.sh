#!/bin/bash
# measure.sh FLAVOR SRC OUT [ONLY] — build the published CUDA programs that
# sources.sh copied to SRC and profile the first launch of every kernel
# with Nsight Compute's SourceCounters section; write the per-instruction
# source views (ncu --page source --csv --print-source cuda,sass) and a log
# to OUT/raw-FLAVOR.tar.gz. FLAVOR is O3 (nvcc -O3 -lineinfo: what users
# run) or G (nvcc -G: one instruction per source access, the control).
# ONLY, an extended regular expression, keeps the programs whose
# "suite/name" it matches. Runs on a machine with an H100, nvcc and ncu;
# takes about two and a half minutes per flavor.
set -uo pipefail
flavor=${1:?usage: measure.sh O3|G SRC OUT}
src=$(cd "${2:?}" && pwd)
out=${3:?}
only=${4:-.}
case $flavor in
O3) flags="-O3 -lineinfo" ;;
G) flags="-G" ;;
*) echo "measure.sh: FLAVOR is O3 or G, not $flavor" >&2; exit 2 ;;
esac
work=$(mktemp -d)
mkdir -p "$work/csv" "$out"
log=$work/csv/log-$flavor.txt
{ nvcc --version | tail -2; ncu --version | tail -1; nvidia-smi -L; } >"$log" 2>&1

pbu=$src/polybench/CUDA/utilities
rd=$src/rodinia/cuda
# One line per program: suite name directory "sources and flags" "arguments".
programs() {
	local d
	for d in $(cd "$src/polybench/CUDA" && find . -name '*.cu' | sort); do
		local b
		b=$(basename "$d" .cu)
		echo "polybench|$b|$src/polybench/CUDA/$(dirname "$d")|-x cu $b.cu $pbu/polybench.c -I$pbu -DMINI_DATASET -Xlinker --allow-multiple-definition|"
	done
	echo "rodinia|pathfinder|$rd/pathfinder|pathfinder.cu|100000 100 20"
	echo "rodinia|nw|$rd/nw|needle.cu|2048 10"
	echo "rodinia|gaussian|$rd/gaussian|gaussian.cu|-s 256"
	echo "rodinia|srad_v2|$rd/srad/srad_v2|srad.cu|2048 2048 0 127 0 127 0.5 2"
	echo "rodinia|hotspot|$rd/hotspot|hotspot.cu|512 2 2 temp_512 power_512 output.out"
	echo "rodinia|bfs|$rd/bfs|bfs.cu -I$rd/util|graph65536.txt"
	echo "rodinia|backprop|$rd/backprop|backprop.c facetrain.c imagenet.c backprop_cuda.cu -lm|65536"
	echo "rodinia|lud|$rd/lud/cuda|-x cu lud.cu lud_kernel.cu ../common/common.c -I../common|-s 256"
}
selected() { programs | awk -F'|' -v re="$only" '($1 "/" $2) ~ re'; }

# Inputs the Rodinia programs read from files (the suite's data folder is
# not copied): 512×512 temperatures and powers, a ring-like graph with
# four edges per node.
awk 'BEGIN{for(i=0;i<512*512;i++) printf "%.2f\n", 320+(i%97)/10}' >"$rd/hotspot/temp_512"
awk 'BEGIN{for(i=0;i<512*512;i++) printf "%.6f\n", (i%13)/1000}' >"$rd/hotspot/power_512"
awk 'BEGIN{n=65536; print n; for(i=0;i<n;i++) print 4*i, 4; print 0; print 4*n;
	for(i=0;i<n;i++){print (i+1)%n, 1; print (i+n-1)%n, 1; print (i*7+3)%n, 1; print (i*13+5)%n, 1}}' >"$rd/bfs/graph65536.txt"

# CUDA 13 dropped two old runtime names the suites' host code uses; a
# forced include and a line-preserving edit keep every kernel line where
# the published file has it.
printf '#pragma once\n#include <cuda_runtime.h>\n#define cudaThreadSynchronize cudaDeviceSynchronize\n' >"$work/compat.h"
sed -i 's/deviceProp\.clockRate/0/; s/deviceProp\. *deviceOverlap/0/' "$rd/gaussian/gaussian.cu"

# Build every program in parallel.
selected | while IFS='|' read -r suite name dir srcs args; do
	echo "(cd '$dir' && nvcc $flags -arch=sm_90 -include $work/compat.h -o '$work/$suite-$name' $srcs) >'$work/build-$suite-$name.log' 2>&1 || echo 'build failed: $suite/$name'"
done | xargs -P 16 -I{} bash -c {} >>"$log" 2>&1

# profile SUITE NAME DIR ARGS NCUFILTER... — one ncu run, its source view
# appended to the program's CSV.
profile() {
	local suite=$1 name=$2 dir=$3 args=$4
	shift 4
	local rep=$work/rep
	rm -f "$rep.ncu-rep"
	(cd "$dir" && timeout 300 ncu --section SourceCounters "$@" -o "$rep" -f "$work/$suite-$name" $args </dev/null) >>"$work/ncu-$suite-$name.log" 2>&1
	[ -f "$rep.ncu-rep" ] || return
	ncu -i "$rep.ncu-rep" --page source --csv --print-source cuda,sass >>"$work/csv/${suite}__${name}.csv" 2>>"$log"
	# The launch shapes, so that requests can be counted per block.
	ncu -i "$rep.ncu-rep" --page raw --csv --metrics launch__grid_size,launch__block_size >>"$work/csv/${suite}__${name}.launches" 2>>"$log"
}

# polybench.h defines its globals in every file that includes it, so the
# linker is told to keep one of each (-Xlinker above).
selected | while IFS='|' read -r suite name dir srcs args; do
	[ -x "$work/$suite-$name" ] || continue
	cus=$(for s in $srcs; do case $s in *.cu) echo "$s" ;; esac; done)
	files=$(cd "$dir" && echo $cus && grep -ho '#include "[^"]*\.cu"' $cus 2>/dev/null | cut -d'"' -f2)
	kernels=$(cd "$dir" && cat $files 2>/dev/null | tr '\r\n' '  ' | grep -o '__global__[ a-z]*void[ ]*[A-Za-z0-9_]*' | awk '{print $NF}' | sort -u)
	start=$(date +%s)
	# First invocation of each kernel function, in one run where ncu
	# counts invocations per function; the rest one run each.
	profile "$suite" "$name" "$dir" "$args" --kernel-id '::regex:.*:1'
	for k in $kernels; do
		grep -q "\"Function Name\",\"$k(" "$work/csv/${suite}__${name}.csv" 2>/dev/null && continue
		profile "$suite" "$name" "$dir" "$args" -k "regex:^$k\$" -c 1
	done
	got=$(grep -c '"Function Name"' "$work/csv/${suite}__${name}.csv" 2>/dev/null)
	echo "$suite/$name: kernels $(echo $kernels | wc -w), profiled ${got:-0}, $(($(date +%s) - start)) s" >>"$log"
done
cat "$log"
for f in "$work"/build-*.log; do [ -s "$f" ] && { echo "== $f"; grep -m5 error "$f"; }; done >"$work/csv/build-$flavor.txt"
tail -n 3 "$work"/ncu-*.log >"$work/csv/ncu-tails-$flavor.txt" 2>/dev/null
tar -C "$work/csv" -czf "$out/raw-$flavor.tar.gz" .
