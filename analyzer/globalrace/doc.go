// Package globalrace reports data races on global memory: two threads of
// different warps or of different blocks touching the same bytes with
// nothing to order them, at least one of them writing.
//
// # Analyzer globalrace
//
// globalrace: report races on global memory between warps and between blocks
//
// A SyncThreads orders the threads of one block, in global memory as in
// shared memory; nothing orders two blocks within one launch. When threads
// of two warps touch the same global word in one barrier interval, or
// threads of two blocks touch it anywhere in the kernel, and one of them
// stores, the result depends on scheduling: a load may see the old value
// or the new one, two stores may land in either order, and blocks run in
// any order or at once.
//
// The check pairs the global-memory accesses of each kernel and evaluates
// both addresses for every thread of the launch shape: between warps of a
// block as the smemrace check does, and between blocks for pairs of block
// indices (the first four and the last two of each component of the grid)
// with the two instances in any iterations of the loops around them. It
// reports an example pair of threads and their blocks:
//
//	p[g] = v
//	t.SyncThreads()
//	p[g+1] = v // global-memory race on p between blocks: thread 0 of block 1 writes p[g] (a.go:5) and thread 255 of block 0 writes p[g+1] (a.go:7), byte 1024 of p, and no barrier orders two blocks …
//
// A race whose every racing pair of threads lies in one warp is the
// warpsync check's, and races in shared memory are smemrace's: the engine
// decides once per pair of statements which check owns a race.
//
// The fix for a race between warps is a barrier between the two accesses;
// for one between blocks, a separate output per block (indexed by the
// block), atomics, or a second kernel launch. Two atomics never race; an
// atomic and a plain access do. A kernel that never reads its block index
// and has no launch with a grid is taken to run as one block.
//
// Where whether two threads touch the same bytes depends on data read at
// run time — an index read from memory or returned by an atomic, a
// condition on such a value (a last-block election reads a counter that
// differs between blocks) — a race is possible for some data and not for
// other: the statement gets a note, "not checked for races", with the data
// it depends on and, for a condition, the two threads that race where the
// data lets both in (-verbose; without it one line per package counts
// them). An unexported package-level array that nothing in the package
// writes, with one value in every element, is constant memory: its loads
// are that value, not data.
//
// A parameter that multiplies an index of the threads is a row pitch
// (out[y*n+x]). A race found with a small pitch (n = 1, where rows
// overlap) is looked for again with the pitch at 1<<20: a race there is
// reported, with that value; none, and the race needs rows narrower than
// the x extent the launch covers — a launch that does not fit n, not a
// defect of the kernel for the n it is launched with — so it is a note,
// "race only with a row pitch narrower than its rows" (-verbose; counted
// in a summary line without it), not a finding. The smemrace and warpsync
// checks decide such races the same way.
//
// Suppress one report with //smemlint:ignore globalrace <reason> on the
// line or the line above.
package globalrace
