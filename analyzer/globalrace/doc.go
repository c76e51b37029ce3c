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
// An unexported package-level array that nothing in the package
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
