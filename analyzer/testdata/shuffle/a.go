// Package shuffle holds cases for the shuffle check.
package shuffle

import "github.com/smemlint/smemlint/simt"

//smemlint:launch block=64
func halfWarpFullMask(t *simt.Thread, out []float32) {
	v := out[t.ThreadIdx.X]
	if t.ThreadIdx.X%32 < 16 {
		v += simt.ShflDownSync(t, 0xffffffff, v, 8) // want `ShflDownSync with mask 0xffffffff under lane-dependent condition t\.ThreadIdx\.X%32 < 16 \(a\.go:9\): lanes 16\.\.31 of warp 0 are in the mask but skip it; block 64`
	}
	out[t.ThreadIdx.X] = v
}

//smemlint:launch block=48
func partialWarp(t *simt.Thread, out []float32) {
	v := out[t.ThreadIdx.X]
	v += simt.ShflXorSync(t, 0xffffffff, v, 1) // want `ShflXorSync mask 0xffffffff names lanes 16\.\.31, which do not exist in warp 1; block 48`
	out[t.ThreadIdx.X] = v
}

//smemlint:launch block=64
func deltaTooLarge(t *simt.Thread, out []float32) {
	v := out[t.ThreadIdx.X]
	for offset := 32; offset >= 1; offset /= 2 {
		v += simt.ShflDownSync(t, 0xffffffff, v, offset) // want `ShflDownSync delta 32 is out of range for width 32 \(with offset = 32\): every lane keeps its own value; block 64`
	}
	out[t.ThreadIdx.X] = v
}

//smemlint:launch block=64
func srcLaneTooLarge(t *simt.Thread, out []float32) {
	lane := t.LaneID()
	out[t.ThreadIdx.X] = simt.ShflSync(t, 0xffffffff, out[t.ThreadIdx.X], lane+1) // want `ShflSync srcLane 32 is out of range for width 32: it is taken modulo the width; block 64`
}

//smemlint:launch block=64
func readsOutsideMask(t *simt.Thread, out []float32) {
	v := out[t.ThreadIdx.X]
	if t.LaneID() < 16 {
		v += simt.ShflDownSync(t, 0x0000ffff, v, 8) // want `ShflDownSync: lane 8 of warp 0 reads lane 16, which is not in mask 0x0000ffff; block 64`
	}
	out[t.ThreadIdx.X] = v
}

//smemlint:launch block=64
func badWidth(t *simt.Thread, out []float32) {
	out[t.ThreadIdx.X] = simt.ShflXorSyncWidth(t, 0xffffffff, out[t.ThreadIdx.X], 1, 12) // want `ShflXorSyncWidth width 12 is not a power of two from 1 to 32; block 64`
}

//smemlint:launch block=64
func dataVote(t *simt.Thread, out, in []float32) {
	if in[t.ThreadIdx.X] > 0 {
		if t.AnySync(0xffffffff, out[t.ThreadIdx.X] > 0) { // want `AnySync with mask 0xffffffff under data-dependent condition in\[t\.ThreadIdx\.X\] > 0 \(a\.go:53\): lanes that fail it skip the call; block 64`
			out[t.ThreadIdx.X] = 1
		}
	}
}

//smemlint:launch block=32
func laneLoop(t *simt.Thread, out []float32, n int) {
	v := float32(0)
	for i := t.LaneID(); i < n; i += 32 {
		v += simt.ShflXorSync(t, 0xffffffff, out[i], 1) // want `ShflXorSync with mask 0xffffffff in a loop whose trip count is lane-dependent \(for i := t\.LaneID\(\); i < n; i \+= 32, a\.go:63\): with n = 1, lanes 1\.\.31 of warp 0 are in the mask but skip it; block 32`
	}
	out[t.ThreadIdx.X] = v
}
