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
// access do. Accesses to another block's shared memory are left out.
//
// Where whether two threads touch the same bytes depends on data read at
// run time — an index read from memory or returned by an atomic, a
// condition on such a value that lets the two threads in — a race is
// possible for some data and not for other: the statement gets a note,
// "not checked for races", with the data it depends on and, for a
// condition, the two threads that race where the data lets both in
// (-verbose; without it one line per package counts them). A condition on
// data that no pair of threads could race under, even with every thread
// let in, decides the race: none. An address chosen in a branch (p :=
// &a[0]; if c { p = &b[0] }) is both addresses, each under its branch.
//
// Suppress one report with //smemlint:ignore smemrace <reason> on the line
// or the line above.
package smemrace
