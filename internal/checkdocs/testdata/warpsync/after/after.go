// Reduce the warp in registers with shuffles: a shuffle exchanges values
// between the lanes its mask names and synchronises them, so no lane can
// read a partial sum another lane has not produced yet, and shared memory
// is not needed at all. Where shared memory must stay, put
// t.SyncWarp(mask) between each step's loads and the next step's stores
// (the check's suggested fix inserts it).
package after

import "github.com/smemlint/smemlint/simt"

// WarpSum adds the 32 values of a warp with ShflDownSync.
//
//smemlint:launch block=32
func WarpSum(t *simt.Thread, out, in []float32) {
	v := in[t.ThreadIdx.X]
	for d := 16; d > 0; d /= 2 {
		v += simt.ShflDownSync(t, 0xffffffff, v, d)
	}
	if t.ThreadIdx.X == 0 {
		out[t.BlockIdx.X] = v
	}
}
