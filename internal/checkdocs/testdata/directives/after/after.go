// Give every directive what it needs: an ignore names the check (or
// several, comma-separated, or all) and the reason; a launch directive sits
// in the doc comment of a kernel and gives at least block=.
package after

import "github.com/smemlint/smemlint/simt"

// Strided reads every other word of a shared array, a known two-way bank
// conflict.
//
//smemlint:launch block=32
func Strided(t *simt.Thread, out []float32) {
	s := simt.Shared[[64]float32](t)
	//smemlint:ignore bankconflict the stride is the layout the caller needs; measured cost 2 wavefronts
	out[t.ThreadIdx.X] = s[t.ThreadIdx.X*2]
}
