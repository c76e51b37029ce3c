package warpsync

import "github.com/smemlint/smemlint/simt"

// dataGuard: the lanes of one warp with a[i] != i store p[0], each its own
// value. With a[i] == i for every i none does; for other data two lanes
// race: a race for some data, within a warp.
//
//smemlint:launch block=8
func dataGuard(t *simt.Thread, a []int32, p []float32) {
	i := t.ThreadIdx.X
	if int(a[i]) != i {
		p[0] = float32(i) // want `may race, depending on data: thread 1 writes p\[0\] \(data\.go:13\) and thread 0 writes p\[0\] \(data\.go:13\) touch byte 0 of p when int\(a\[i\]\) != i \(data\.go:12\) lets both in \(values smemlint cannot see\); block 8`
	}
}

// dataShift: y[i+offset] with offset read per lane; for offsets 0 and -1
// lanes 0 and 1 of the one warp update y[0].
//
//smemlint:launch block=32
func dataShift(t *simt.Thread, offsets []int32, y []float32) {
	i := t.ThreadIdx.X
	y[i+int(offsets[i])] += 1 // want `may race, depending on data: thread 0 reads y\[i\+int\(offsets\[i\]\)\] \(data\.go:23\) and thread 1 writes y\[i\+int\(offsets\[i\]\)\] \(data\.go:23\) touch byte 0 of y when data read from memory in the index is 0 at thread 0 and -1 at thread 1 \(values smemlint cannot see\); block 32`
}
