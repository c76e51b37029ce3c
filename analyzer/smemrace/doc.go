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
// reports an example pair of threads and their warps:
//
//	v := s[(tid+32)%64]
//	s[tid] = v // shared-memory race on s between warps: thread 32 writes s[tid] (a.go:12) and thread 0 reads s[(tid+32)%64] (a.go:11), byte 128 of s (warps 1 and 0), with no barrier between …
//
// A race whose every racing pair of threads lies in one warp is the
// warpsync check's, not this one's: the engine decides once per pair of
// statements, so that the two checks never report one pair.
//
// The fix is a barrier between the two accesses, or a separate buffer for
// the values being written. Two atomics never race; an atomic and a plain
// access do. Accesses to data-dependent addresses and to another block's
// shared memory are left out.
//
// Suppress one report with //smemlint:ignore smemrace <reason> on the line
// or the line above.
package smemrace
