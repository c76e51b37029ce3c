package before

import "github.com/smemlint/smemlint/simt"

// Column copies column col of a row-major matrix with 1024 columns: lane x
// reads element (x, col), a whole row away from its neighbour's.
//
//smemlint:launch block=32
func Column(t *simt.Thread, out, in []float32, col int) {
	x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	out[x] = in[x*1024+col]
}
