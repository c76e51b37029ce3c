// Package bankconflict reports shared-memory accesses whose warp requests
// need more than the ideal number of wavefronts.
//
// # Analyzer bankconflict
//
// bankconflict: report shared-memory bank conflicts
//
// Shared memory is divided into banks (32 banks of 4 bytes on sm_50 and
// later). A warp's request is served in one wavefront per phase only if no
// bank must deliver two different words in the same phase; otherwise the
// request is replayed once per extra word: an n-way conflict costs n times
// the bandwidth of the access.
//
// The check evaluates the index of every shared-memory load and store for
// every warp of the launch shape and every value of the loop variables it
// depends on, and reports the worst request:
//
//	tile := simt.Shared[[32][32]float32](t)
//	out[i] = tile[tx][ty] // shared load tile[tx][ty]: 32-way bank conflict (32 wavefronts, ideal 1) …
//
// The wavefront figures follow the rule measured on an H100
// (docs/hardware.md), including the phases of 8- and 16-byte accesses
// and paired loads. When padding the innermost dimension of the array
// removes the conflict — checked by evaluating the kernel again with the
// padded type — a suggested fix makes [32][32] into [32][33].
//
// Accesses to another block's shared memory (MapSharedRank) and atomics
// are not evaluated. Indices that depend on data read from memory (a
// histogram bin) are never guessed. With -verbose every evaluated access is
// reported with its figure, and the accesses that could not be evaluated
// with the reason; without -verbose, one note per package counts them.
//
// A slice converted to an array, [4]float32(s[i:i+4]), or to an array
// pointer, *(*[4]float32)(s[i:]), is one access of the whole array, like
// CUDA's float4, when its size is an access width (8 or 16 bytes) and its
// start is aligned to it, else one access per element; reading the copy's
// elements afterwards reads no memory. An access under a condition on data that differs between lanes
// (if (a > b) == up { … }) is priced as if every lane passed it, and the
// report says so, with the figure for one lane where it differs:
//
//	… ; assumes every lane passes std[j] <= eps (correlation.go:33), which depends on data read from memory (1 sector with one lane, 4 with all 32)
//
// A slice each lane chooses among shared arrays by data (q := a[:]; if
// in[tid] > 0 { q = b[:] }) is priced over every choice the data can
// make: a bank delivers at most its distinct words among the lanes'
// candidate addresses, and at most one per lane that can reach it. Where
// that bound exceeds the ideal the report says "up to" and why; where it
// equals it, the access is clean whichever array each lane takes:
//
//	q[tid/2] = 1 // shared store q[tid/2]: up to 2 wavefronts per request (ideal 1) depending on data: the lanes of a warp choose between shared arrays by data read from memory (lanes 0 and 1 can reach bank 0 in 2 different words) …
//
// nvcc -O3 merges a thread's loads of 2 or 4 adjacent, aligned elements
// (straight-line code, or a loop it unrolls) into one 8- or 16-byte load
// when no barrier and no store that may alias them comes between. With
// -verbose a note gives that load's figure beside the loads as written,
// from the same hardware model.
//
// Suppress one report with //smemlint:ignore bankconflict <reason> on the
// line or the line above.
package bankconflict
