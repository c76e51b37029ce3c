// Package coalescingsummary: without -verbose, the accesses that are not
// evaluated are counted in one line per package, at its package clause,
// so that none passes in silence. Before, nothing was said of them.
package coalescingsummary // want `note: 3 global accesses of this package not evaluated; -verbose lists them with the reason`

import "github.com/smemlint/smemlint/simt"

//smemlint:launch block=256
func scatter(t *simt.Thread, out []float32, idx []int32, count []int32) {
	j := int(idx[t.ThreadIdx.X])
	out[j] = 1
	simt.AtomicAdd(t, &count[0], 1)
	out[2*j+1] = 2
}

//smemlint:launch block=256
func fine(t *simt.Thread, out []float32) {
	out[t.ThreadIdx.X] = 0
}
