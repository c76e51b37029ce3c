// Let consecutive lanes touch consecutive elements: here, copy a row
// instead of a column. When the algorithm needs columns (a transpose, a
// product with a transposed operand), read a tile along its rows into
// shared memory and walk the tile by column there (padded, see
// bankconflict); for an array of structs, store a struct of arrays.
package after

import "github.com/smemlint/smemlint/simt"

// Row copies row r of a row-major matrix with 1024 columns: lane x reads
// element (r, x), next to its neighbour's.
//
//smemlint:launch block=32
func Row(t *simt.Thread, out, in []float32, r int) {
	x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	out[x] = in[r*1024+x]
}
