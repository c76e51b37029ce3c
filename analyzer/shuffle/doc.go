// Package shuffle reports warp shuffles and votes whose mask, lane
// argument or width cannot work.
//
// # Analyzer shuffle
//
// shuffle: report shuffle and vote masks, lanes and widths that cannot work
//
// A warp collective (ShflSync, ShflUpSync, ShflDownSync, ShflXorSync and
// their Width forms, BallotSync, AnySync, AllSync) names in its mask the
// lanes that take part: every one of them must reach the call, with the
// same mask, and the caller must be one of them. A full mask inside a
// branch that only some lanes of a warp take waits for lanes that never
// come (the simulator reports a deadlock); a mask that names lanes a
// partial last warp does not have is a misuse:
//
//	if t.ThreadIdx.X%32 < 16 {
//		v += simt.ShflDownSync(t, 0xffffffff, v, 8) // ShflDownSync with mask 0xffffffff under lane-dependent condition …: lanes 16..31 of warp 0 are in the mask but skip it
//	}
//
// The check evaluates the conditions that lead to the call and the mask for
// every lane of the launch shape: if t.ThreadIdx.X < 32 with a full mask
// is fine when the block's x size is a multiple of 32, because the
// condition keeps or drops whole warps.
//
// It also checks the lane argument against the width, for every value of
// the loop variables it depends on: a srcLane outside 0..width-1 wraps
// around, a delta or laneMask of width or more leaves every lane with its
// own value; and that the lane a shuffle reads is in the mask. A width
// must be a power of two from 1 to 32. Masks and lane arguments computed
// from data (a ballot) are trusted.
//
// Suppress one report with //smemlint:ignore shuffle <reason> on the line
// or the line above.
package shuffle
