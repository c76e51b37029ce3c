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
// The engine decides once per pair of statements which check owns a
// race: when every racing pair of threads lies in one warp it is this
// check's (a SyncWarp orders them); when any pair crosses warps it is the
// smemrace check's in shared memory and globalrace's in global memory
// (only a SyncThreads orders warps, nothing orders blocks), so that one
// pair is never reported twice. It pairs every access with those of the same statement
// and of earlier ones, in the same iteration or in consecutive iterations
// of a loop, loads with stores and stores with stores, and evaluates both
// addresses for every lane of the launch shape: it reports when two lanes
// of one warp touch the same bytes with no SyncWarp naming both and no
// SyncThreads between. It applies to shared and global memory; atomics,
// data-dependent addresses and another block's shared memory are left
// out, and in global memory a store of every lane to one word (a flag)
// paired with a load or with another such store.
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
// statement (s[tid] += s[tid+16]) still race: read into a register,
// SyncWarp, then store — or better, reduce the last warp in registers with
// ShflDownSync or ShflXorSync. The fix is checked before it is offered:
// the kernel's races are decided again with the SyncWarp calls in place.
// Where a step still races within its warp, the fix also splits each such
// step into a load into a new variable, a SyncWarp and the store
// (v := s[tid+16]; t.SyncWarp(…); s[tid] += v), and is offered only if
// that leaves no step racing.
//
// A race that needs data the kernel cannot see (lanes of one warp store
// p[0] where a[i] != i) is reported when its two threads lie in one warp:
// "may race, depending on data", as globalrace and smemrace describe.
//
// Suppress one report with //smemlint:ignore warpsync <reason> on the line
// or the line above.
package warpsync
