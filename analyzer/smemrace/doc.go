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
// run time, a race is possible for some data and not for other. Where the
// data is input the kernel cannot see (read from a global array the
// kernel never writes: y[i+offset[i]], if a[i] != i { p[0] = i }), or an
// index is the slot an atomic counter hands out where two threads can get
// one slot (thread 13 writes slot 12 while the others take the counter's
// slots; two blocks each with its own counter in shared memory), the race
// is a finding, as the peer suites (GPUVerify, Faial) count it: "may race,
// depending on data", with the two threads and the data that lets them
// race (offset 0 at thread 0 and -256 at thread 0 of block 1). Slots of
// one counter that every thread takes are distinct: no race. Three shapes
// that are correct by a precondition the kernel does not state stay notes,
// "not checked for races", with the data it depends on (-verbose; without
// it one line per package counts them): a scatter through an index array
// (out[perm[i]] = v, correct when perm is a permutation), one constant
// stored by every thread a condition lets in (the flag idiom: if in[i] < 0
// { found[0] = 1 }), and data the kernel fills itself (shared memory, a
// global array it also writes: a last-block election reads a flag in
// shared memory), whose values follow from the kernel. Conditions on one
// input value that exclude each other (in[0] > 5 for the writer, in[0] < 3
// for the reader; f and !f) let no data in: no race, and nothing noted.
// A condition on
// data that no pair of threads could race under, even with every thread
// let in, decides the race: none. An address chosen in a branch (p :=
// &a[0]; if c { p = &b[0] }) is both addresses, each under its branch.
//
// Suppress one report with //smemlint:ignore smemrace <reason> on the line
// or the line above.
package smemrace
