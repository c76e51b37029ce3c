// Call a warp collective where every lane its mask names arrives. Here the
// whole warp shuffles, each half within its own 16 lanes (width 16), so
// lanes 0..15 end with the sum of lanes 0..15 and no lane waits for a lane
// that never comes. Alternatively, name only the lanes that arrive
// (0x0000ffff) and keep every lane they read inside the mask.
package after

import "github.com/smemlint/smemlint/simt"

// HalfSum adds up the values of each half warp with shuffles of width 16
// that the whole warp executes.
//
//smemlint:launch block=64
func HalfSum(t *simt.Thread, out, in []float32) {
	v := in[t.ThreadIdx.X]
	for d := 8; d > 0; d /= 2 {
		v += simt.ShflXorSyncWidth(t, 0xffffffff, v, d, 16)
	}
	out[t.ThreadIdx.X] = v
}
