// Package uniform holds cases for the uniformity levels of
// analyzer/kernels: a store to idx[x] reports the level of x, a store to
// cond[0] the level of the condition of the innermost if around it.
package uniform

import "github.com/smemlint/smemlint/simt"

//smemlint:launch block=256
func oneDim(t *simt.Thread, idx, cond, data []int32, n int) {
	tid := t.ThreadIdx.X
	idx[tid/32] = 0         // want `index warp-uniform`
	idx[tid%32] = 0         // want `index thread-varying`
	idx[t.BlockIdx.X] = 0   // want `index block-uniform`
	idx[n+len(data)] = 0    // want `index grid-uniform`
	idx[t.LaneID()] = 0     // want `index thread-varying`
	idx[int(data[tid])] = 0 // want `index thread-varying`
	idx[int(data[n])] = 0   // want `index block-uniform`
	idx[t.BlockDim.X-1] = 0 // want `index grid-uniform`
	if tid < 32 {
		cond[0] = 0 // want `condition warp-uniform`
	}
	if tid < 16 {
		cond[0] = 0 // want `condition thread-varying`
	}
	if t.BlockIdx.X*t.BlockDim.X+tid < n {
		cond[0] = 0 // want `condition thread-varying`
	}
	if (t.BlockIdx.X*t.BlockDim.X+tid)/32 < n {
		cond[0] = 0 // want `condition warp-uniform`
	}
	if t.BlockIdx.X >= n {
		cond[0] = 0 // want `condition block-uniform`
	}
	if n > len(data) {
		cond[0] = 0 // want `condition grid-uniform`
	}
	if t.AnySync(0xffffffff, data[tid] > 0) {
		cond[0] = 0 // want `condition warp-uniform`
	}
	for i := 0; i < n; i++ {
		if i%2 == 0 {
			cond[0] = 0 // want `condition grid-uniform`
		}
	}
}

// rows32 has warps of one row: conditions on ThreadIdx.Y are
// warp-uniform. In rows16 a warp holds two rows.
//
//smemlint:launch block=32x8
func rows32(t *simt.Thread, cond []int32) {
	if t.ThreadIdx.Y < 4 {
		cond[0] = 0 // want `condition warp-uniform`
	}
}

//smemlint:launch block=16x8
func rows16(t *simt.Thread, cond []int32) {
	if t.ThreadIdx.Y < 3 {
		cond[0] = 0 // want `condition thread-varying`
	}
	if t.ThreadIdx.Y < 4 {
		cond[0] = 0 // want `condition warp-uniform`
	}
	if t.ThreadIdx.Y < 4 && t.ThreadIdx.Y%2 == 0 {
		cond[0] = 0 // want `condition thread-varying`
	}
	if t.ThreadIdx.Y/2 < 2 {
		cond[0] = 0 // want `condition warp-uniform`
	}
}
