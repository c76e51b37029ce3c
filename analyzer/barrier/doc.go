// Package barrier reports barriers that some threads of a block (or lanes
// of a warp, or blocks of a cluster) do not reach: a launch deadlocks there.
//
// # Analyzer barrier
//
// barrier: report barriers reached under thread-dependent control
//
// SyncThreads waits until every thread of the block arrives at it. A
// barrier that some threads skip — because it sits in a branch they do not
// take, after a return, break, continue or goto that only some of them
// execute, or in a loop whose trip count differs between them — waits for
// threads that never come: the block deadlocks (the simulator reports a
// *simt.LaunchError of kind deadlock; on a GPU the behaviour is undefined).
// The same holds for a device function with a barrier called in such a
// place, for Cluster().Sync, which every thread of every block of the
// cluster must reach, and for SyncWarp(mask), which every lane named in
// the mask must reach.
//
// The check evaluates the conditions that lead to each barrier for every
// thread of the launch shape (uniformity analysis): conditions on the block
// index, parameters, lengths, loop variables with uniform bounds, or values
// every thread reads from the same address after a barrier are uniform and
// fine; tid < 32 is warp-uniform, fine for SyncWarp, not for SyncThreads.
// It reports the condition that splits the threads and, for the launch
// shape, which threads skip the barrier:
//
//	if tid < 512 {
//		t.SyncThreads() // SyncThreads under thread-dependent condition tid < 512 (a.go:12): threads 512..1023 of block 1024 skip it and the block deadlocks
//	}
//
// Move the barrier out of the branch, so that every thread reaches it:
//
//	if tid < 512 {
//		s[tid] += s[tid+512]
//	}
//	t.SyncThreads()
//
// When the condition involves parameters, the message gives values under
// which the split happens ("with n = 100"); a condition that depends on
// data each thread loads is reported without figures. Uniform early exits
// (if t.BlockIdx.X >= n { return }) are fine before SyncThreads, but not
// before Cluster().Sync, where they split the cluster.
//
// Barriers that one condition or one exit keeps the same threads from (a
// return before a loop with two SyncThreads) are one defect: the first is
// reported, the others are its related locations. Barriers in the two
// branches of one if are two.
//
// Suppress one report with //smemlint:ignore barrier <reason> on the line
// or the line above.
package barrier
