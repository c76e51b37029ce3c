// Package peers reads the verdicts of the kernels ported from public race
// and barrier-divergence test suites (testdata/peers) and judges smemlint's
// findings against them: each kernel either agrees with its suite or
// disagrees in one of a few named ways (a missed race, a false race, the
// wrong check, a duplicate finding, or a race noted as unchecked because
// it depends on data).
//
// A ported kernel carries its origin and verdict in its doc comment:
//
//	// peer: gpuverify testsuite/OpenCL/misc/fail/2d_array_race/kernel.cl
//	// verdict: race smemrace
//
// The verdict is pass (no race, no divergence), divergence (a barrier
// some threads of a block skip; the barrier check), or race followed by
// the check that must report it under CUDA semantics: warpsync when every
// racing pair of threads lies in one warp, smemrace when a pair crosses
// warps, global for a race on global memory between warps or blocks, which
// any race check may report. A number after the check counts the distinct
// racing pairs of sites when there is more than one: each is one finding.
// A device function belongs to the kernel named on a "// device of: name"
// line.
package peers
