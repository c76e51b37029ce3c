package coalescingverbose

import "github.com/smemlint/smemlint/simt"

// With -verbose every evaluated access states its figure.
func misaligned(t *simt.Thread, out, in []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	out[i] = in[i+1] // want `note: global store out\[i\]: 4 sectors` `note: global load in\[i\+1\]: 5 sectors per request \(ideal 4\): consecutive lanes, but the warp starts 4 bytes into a 32-byte sector`
}

func coalesced(t *simt.Thread, out, in []float64) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	out[i] = in[i] // want `note: global load in\[i\]: 8 sectors per request \(ideal 8\); block 256 assumed` `note: global store out\[i\]: 8 sectors per request \(ideal 8\)`
}

func histogram(t *simt.Thread, bins []int32, in []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := in[i]                     // want `note: global load in\[i\]: 4 sectors`
	simt.AtomicAdd(t, &bins[v], 1) // want `note: global atomic simt.AtomicAdd\(t, &bins\[v\], 1\) not evaluated: smemlint does not price atomic operations`
	bins[v+1] = 0                  // want `note: global store bins\[v\+1\] not evaluated: the index depends on data read from memory`
}

// A compound assignment loads and stores one element: the load is the
// finding at its position and the store still states its figure (before:
// the store was dropped in silence). The shape of Rodinia gaussian Fan2.
//
//smemlint:launch block=4x4
func compound(t *simt.Thread, a, b []float32) {
	const n = 256
	x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	y := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	a[n*x+y] -= b[x] // want `global load a\[n\*x\+y\]: 4 sectors per request \(ideal 2\)` `note: global store a\[n\*x\+y\]: 4 sectors per request \(ideal 2\).*the store of a compound assignment, whose load is the finding here` `note: global load b\[x\]`
}
