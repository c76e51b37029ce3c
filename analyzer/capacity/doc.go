// Package capacity reports kernels whose shared memory does not fit a block.
//
// # Analyzer capacity
//
// capacity: report shared memory over the per-block limits
//
// A block may declare at most 48 KB of shared memory statically (16 KB on
// sm_1x); with dynamic shared memory (Config.SharedBytes, the third launch
// parameter) the profile's opt-in maximum applies: 227 KB per block on
// sm_90. A kernel over the limit fails to launch.
//
//	big := simt.Shared[[64 * 1024]float32](t) // static shared memory 256 KB exceeds the 48 KB …
//
// With -verbose the check also states how many blocks fit on one multiprocessor
// when shared memory is what limits them (occupancy): a kernel that uses
// 100 KB per block runs two blocks per SM on sm_90, whatever its thread
// count.
//
// Under -verbose it also lists what the evaluation of kernels could not do,
// such as a kernel that uses ThreadIdx.Y with no known launch shape.
//
// The searches of the other checks (races, barriers, warp collectives)
// share a budget per kernel, and so does the evaluation of the requests of
// each access (bank conflicts, coalescing), which bound the analysis of
// one kernel (the aim is 100 ms). They count work, not time, so results do
// not depend on the machine's load. A search the budget cuts short may
// miss a finding, and so may an evaluation that tries only a sample of
// the values of a loop variable or block index: the check says so once
// per package, and under -verbose at each search's or access's site.
//
// Suppress one report with //smemlint:ignore capacity <reason>.
package capacity
