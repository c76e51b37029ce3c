// Package warpsync reports lanes of one warp that communicate through
// memory without synchronising: the volatile last-warp idiom.
//
// # Analyzer warpsync
//
// warpsync: report warp-synchronous memory hazards
//
// Since Volta the lanes of a warp are scheduled independently: a lane may
// run ahead of the others, and nothing orders one lane's store before
// another lane's load unless a SyncWarp (or SyncThreads) whose mask names
// both lies between them. Code written for lockstep warps — the unrolled
// last warp of a reduction through a volatile pointer — reads values the
// other lanes have not written yet:
//
//	if tid < 32 {
//		s[tid] += s[tid+32]
//		s[tid] += s[tid+16] // warp-synchronous hazard: lane 0 reads s[tid+16] (a.go:12) written by lane 16 at a.go:11 with no SyncWarp between …
//		…
//	}
//
// The check pairs every load with the stores before it in program order
// (and every store with the loads before it), in the same iteration or in
// consecutive iterations of a loop, and evaluates both addresses for every
// lane of the launch shape: it reports when two different lanes of one
// warp touch the same bytes with no SyncWarp naming both and no
// SyncThreads between the two statements. It applies to shared and global
// memory; atomics, data-dependent addresses, another block's shared
// memory and stores of every lane to one word (a flag: a race, not
// communication between lanes) are left out.
//
// The suggested fix inserts a SyncWarp, with the mask of the lanes that
// reach that point, before the statement that reads (or overwrites) the
// word:
//
//	s[tid] += s[tid+32]
//	t.SyncWarp(0xffffffff)
//	s[tid] += s[tid+16]
//
// That orders the steps; a lane's load and another lane's store within one
// statement (s[tid] += s[tid+16]) still race (the smemrace check reports
// them): read into a register, SyncWarp, then store — or better, reduce
// the last warp in registers with ShflDownSync or ShflXorSync.
//
// Suppress one report with //smemlint:ignore warpsync <reason> on the line
// or the line above.
package warpsync
