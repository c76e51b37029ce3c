#!/bin/sh
# measure.sh — build the micro-kernels of hw/micro, check their SASS,
# profile every kernel with Nsight Compute and print the tables of
# docs/hardware.md with the model's figure beside each measurement.
# Needs nvcc, cuobjdump and ncu (with access to the GPU's counters, often
# root), and Go. Run it from the repository root:
#
#   hw/measure.sh [out-dir]          # default hw-out; REPEAT=3 by default
#   CASES="C0 H0 G13" hw/measure.sh  # only the kernels whose names start so
#
# out-dir receives micro (the binary), micro.sass, raw.csv (ncu --page raw),
# source.ncu-rep and source.csv (per-instruction SourceCounters) and
# tables.md. The exit status is hw/tables': 1 if a case disagrees.
set -eu
out=${1:-hw-out}
repeat=${REPEAT:-3}
cases=${CASES:-all}
mkdir -p "$out"

nvcc -O3 -arch=sm_90 -lineinfo -o "$out/micro" hw/micro/micro.cu
cuobjdump -sass "$out/micro" > "$out/micro.sass"

metrics=smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum
metrics=$metrics,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum
metrics=$metrics,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
metrics=$metrics,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
metrics=$metrics,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum
metrics=$metrics,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum
metrics=$metrics,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum

# Counters: every kernel REPEAT times, clocks left alone.
REPEAT=$repeat ncu --clock-control none --csv --page raw --metrics "$metrics" \
	"$out/micro" $cases > "$out/raw.csv"
# Per-instruction figures (L1 Wavefronts Shared, L2 Theoretical Sectors
# Global), once per kernel, exported as the SASS source view; the
# multi-warp kernels, whose kernel-level counter reads high, are read
# against these.
ncu --clock-control none --section SourceCounters -f -o "$out/source" "$out/micro" $cases > "$out/source.log" 2>&1
ncu -i "$out/source.ncu-rep" --page source --csv --print-source sass > "$out/source.csv"

go run ./hw/tables -cases hw/micro/cases.h -raw "$out/raw.csv" -source "$out/source.csv" \
	-sass "$out/micro.sass" | tee "$out/tables.md"
