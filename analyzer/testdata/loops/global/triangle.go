package global

import "github.com/smemlint/smemlint/simt"

// triangle walks the upper triangle of a matrix, each thread its own row
// from the column after its diagonal (PolyBench's correlation): the loop
// starts at a thread-dependent value, so a warp runs while its first lane
// has columns left, and its lanes leave one by one. The iterations are
// enumerated with the lanes each keeps (before: the iteration count was
// an unknown, the figure that of all 32 lanes, and the requests per block
// not stated). Warp 0 runs 63 iterations with min(32, 63-k) lanes, warp 1
// 31 with 31-k: 94 requests, 2016 sectors, one per lane.
//
//smemlint:launch block=64 grid=1
func triangle(t *simt.Thread, s []float32) {
	const m = 64
	j1 := t.ThreadIdx.X
	for j2 := j1 + 1; j2 < m; j2++ {
		s[j1*m+j2] = 0 // want `global store s\[j1\*m\+j2\]: 32 sectors per request \(ideal 4\).*; block 64; per block: 94 requests, 2016 sectors; mean 21.45 sectors per request`
	}
}
