// Package smemrace reports shared-memory data races: two threads of a block
// touching the same bytes between two barriers, at least one of them
// writing.
//
// # Analyzer smemrace
//
// smemrace: report races on shared memory between barriers
//
// Threads of a block run in no particular order between two SyncThreads.
// When two of them access the same shared word in that interval and one of
// them stores, the result depends on scheduling: a load may see the old
// value or the new one, two stores may land in either order. A barrier
// between the two accesses (or, for two lanes of one warp, a SyncWarp whose
// mask names both) orders them.
//
// The check pairs the shared-memory accesses of each kernel that can run in
// one barrier interval — in the same iteration of the loops around them,
// or in consecutive iterations when no barrier lies between — and
// evaluates both addresses for every thread of the launch shape and the
// values of the loop variables (affine disjointness by enumeration). It
// reports an example pair of threads:
//
//	s[tid] += s[tid+16] // shared-memory race on s: thread 0 reads s[tid+16] (a.go:12) and thread 16 writes s[tid] (a.go:12), byte 64 of s, with no barrier between …
//
// The fix is a barrier between the two accesses, or a separate buffer for
// the values being written. Two atomics never race; an atomic and a plain
// access do. Accesses to data-dependent addresses and to another block's
// shared memory are left out.
//
// Suppress one report with //smemlint:ignore smemrace <reason> on the line
// or the line above.
package smemrace
