#!/bin/bash
# hwcheck-again.sh MODE [OUT]: one device call that measures again, from
# the committed inputs, what a translation change touched. Run from the
# repository root on the GPU machine (no Go needed there):
#
#   MODE=G   -G builds of the kernels kernels.txt lists (Nsight Compute's
#            --kernel-name; the rest of each file runs unprofiled), all of
#            realcode, and realcode's -O3 build
#   MODE=O3  -O3 builds of fuzz seeds 501-2000, every kernel
#
# hw/results/hwcheck-inputs.tar.xz holds _hwcheck/cu, _hwcheck/fuzz (what
# `smemlint hwcheck prepare -fuzz 2000 -o _hwcheck` wrote) and
# _hwcheck/kernels.txt. The exports are packed into OUT/results.MODE.tar.xz
# (the device call returns few files); unpack them into a directory and
# read it over the committed run: `smemlint hwcheck report _hwcheck
# hw/results/hwcheck DIR`. HWCHECK_BUDGET (default 400 s) and
# HWCHECK_TIMEOUT (default 510 s) keep the call within its limit;
# HWCHECK_ONLY and HWCHECK_KERNELS (a file) replace the builds and the
# kernel list (MODE then only names the results).
set -u
mode=${1:?usage: hwcheck-again.sh G|O3 [OUT]}
out=${2:-${OUT:-hw-out}}
t0=$(date +%s)
mkdir -p "$out"
tar xJf hw/results/hwcheck-inputs.tar.xz
only=""
if [ -n "${HWCHECK_ONLY:-}" ]; then
  only=$HWCHECK_ONLY
elif [ "$mode" = G ]; then
  for n in examples rows realcode; do only="$only $n.G"; done
  for i in $(seq 100 100 2000); do only="$only fuzz$(printf %05d "$i").G"; done
  only="$only realcode.O3"
else
  for i in $(seq 600 100 2000); do only="$only fuzz$(printf %05d "$i").O3"; done
fi
HWCHECK_JOBS=${HWCHECK_JOBS:-4} HWCHECK_PAR=${HWCHECK_PAR:-5} HWCHECK_BUDGET=${HWCHECK_BUDGET:-400} \
  HWCHECK_KERNELS=${HWCHECK_KERNELS:-_hwcheck/kernels.txt} HWCHECK_ONLY="$only" \
  timeout "${HWCHECK_TIMEOUT:-510}" scripts/hwcheck-gpu.sh _hwcheck "_hwcheck/results.$mode" > "$out/hwcheck.$mode.log" 2>&1
echo "hwcheck-gpu.sh rc=$? after $(( $(date +%s) - t0 )) s" >> "$out/hwcheck.$mode.log"
rm -f _hwcheck/results."$mode"/*.ncu-rep
tar cJf "$out/results.$mode.tar.xz" -C "_hwcheck/results.$mode" .
tail -3 "$out/hwcheck.$mode.log"
