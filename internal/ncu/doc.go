// Package ncu reads the per-instruction source view that Nsight Compute
// exports with
//
//	ncu -i REPORT --page source --csv --print-source cuda,sass
//
// from a report collected with --section SourceCounters: for every kernel,
// the CUDA source lines and, under each line, the SASS instructions the
// compiler attributed to it with their counters (instructions executed,
// memory space and operation, global tag requests and sectors, shared
// wavefronts). The plain SASS view (--print-source sass, no lines) is read
// too; its instructions carry line 0.
//
// It is the one reader of these files in the repository: the real-code
// corpus (internal/realcode) and hwcheck both use it.
package ncu
