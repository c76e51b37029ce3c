package coalescingverbose

import "github.com/smemlint/smemlint/simt"

// Each access that is not evaluated says truly why. Before, every one of
// these said "the index depends on data read from memory".

//smemlint:launch block=256
func carried(t *simt.Thread, out []float32, n int) {
	i := t.ThreadIdx.X
	off := 1
	for k := 0; k < n; k++ {
		out[off*256+i] = 0 // want `note: global store out\[off\*256\+i\] not evaluated: the index depends on off, which a loop assigns`
		off = off*off + 1
	}
}

//smemlint:launch block=256
func branches(t *simt.Thread, out []float32, n int) {
	i := t.ThreadIdx.X
	off := 3
	if n > 4 {
		off = 7 * n * n
	}
	out[off*i] = 0 // want `note: global store out\[off\*i\] not evaluated: the index depends on off, which branches set to different values`
}

//smemlint:launch block=256
func atomicSlot(t *simt.Thread, out []float32, count []int32) {
	slot := simt.AtomicAdd(t, &count[0], 1) // want `note: global atomic simt.AtomicAdd\(t, &count\[0\], 1\) not evaluated: smemlint does not price atomic operations`
	out[slot] = 1                           // want `note: global store out\[slot\] not evaluated: the index depends on the old value an atomic returns`
}

//smemlint:launch block=256
func float(t *simt.Thread, out []float32, scale float64) {
	i := int(float64(t.ThreadIdx.X) * scale)
	out[i] = 1 // want `note: global store out\[i\] not evaluated: the index depends on floating-point arithmetic`
}

//smemlint:launch block=256
func loaded(t *simt.Thread, out []float32, idx []int32) {
	j := int(idx[t.ThreadIdx.X]) + 1 // want `note: global load idx\[t.ThreadIdx.X\]`
	out[2*j] = 1                     // want `note: global store out\[2\*j\] not evaluated: the index depends on data read from memory`
}
