package shuffle

import "github.com/smemlint/smemlint/simt"

// okFirstWarp: tid < 32 keeps whole warps in a block of 1024.
//
//smemlint:launch block=1024
func okFirstWarp(t *simt.Thread, out []float32) {
	tid := t.ThreadIdx.X
	if tid < 32 {
		v := out[tid]
		for offset := 16; offset >= 1; offset /= 2 {
			v += simt.ShflXorSync(t, 0xffffffff, v, offset)
		}
		out[tid] = v
	}
}

// okRowPerWarp: one row per warp, row < m drops whole warps.
//
//smemlint:launch block=512
func okRowPerWarp(t *simt.Thread, out []float64, m int) {
	tid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	row := tid / 32
	if row < m {
		sum := out[tid]
		sum += simt.ShflXorSync(t, 0xffffffff, sum, 16)
		if tid%32 == 0 {
			out[row] = sum
		}
	}
}

// okBallotMask: the mask names exactly the lanes that take the branch,
// and lane 0 of each warp that takes it is among them.
//
//smemlint:launch block=64
func okBallotMask(t *simt.Thread, out []float32, n int) {
	tid := t.ThreadIdx.X
	mask := t.BallotSync(0xffffffff, tid < n)
	if tid < n {
		out[tid] += simt.ShflSync(t, mask, out[tid], 0)
	}
}

// okHalfWarpWidth shuffles within groups of 16 lanes named by the mask.
//
//smemlint:launch block=64
func okHalfWarpWidth(t *simt.Thread, out []float32) {
	if t.LaneID() < 16 {
		v := out[t.ThreadIdx.X]
		for offset := 8; offset >= 1; offset /= 2 {
			v += simt.ShflDownSyncWidth(t, 0x0000ffff, v, offset, 16)
		}
		out[t.ThreadIdx.X] = v
	}
}

// okBranches: both branches shuffle with the full mask.
//
//smemlint:launch block=64
func okBranches(t *simt.Thread, out []float32) {
	v := out[t.ThreadIdx.X]
	switch {
	case t.LaneID() < 8:
		v = simt.ShflXorSync(t, 0xffffffff, v, 1)
	case t.LaneID() < 16:
		v = simt.ShflXorSync(t, 0xffffffff, v+1, 1)
	default:
		v = simt.ShflXorSync(t, 0xffffffff, v*2, 1)
	}
	out[t.ThreadIdx.X] = v
}
