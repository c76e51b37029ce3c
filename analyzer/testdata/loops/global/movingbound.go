package global

import "github.com/smemlint/smemlint/simt"

// movingBound reads in a loop whose bound the body lowers: i < n is
// checked on each iteration's n (8, 7, 6, 5, 4), so the loop runs 4
// times: 8 requests of its two warps. Before: the condition was evaluated
// on n's value on entry, 16 requests.
//
//smemlint:launch block=64
func movingBound(t *simt.Thread, a []float32) {
	tx := t.ThreadIdx.X
	n := 8
	for i := 0; i < n; i++ {
		_ = a[64*i+tx] // want `note: global load a\[64\*i\+tx\]: 4 sectors per request \(ideal 4\); block 64; per block: 8 requests, 32 sectors$`
		n--
	}
}

// movingLanes leaves its loop lane by lane on a bound the body moves:
// lane tx runs while i < lim, lim starting at tx and lowered by one each
// iteration, so in iteration i the lanes from 2i+1 on are left, each
// reading its own 32-byte sector: 16 requests, 256 sectors. Before: the
// lanes from i+1 on (lim's entry value), 31 requests, 496 sectors.
//
//smemlint:launch block=32
func movingLanes(t *simt.Thread, a []float32) {
	tx := t.ThreadIdx.X
	lim := tx
	for i := 0; i < lim; i++ {
		_ = a[8*tx] // want `global load a\[8\*tx\]: 31 sectors per request \(ideal 4\): lanes are 32 bytes apart \(a stride of 8 elements\); block 32; per block: 16 requests, 256 sectors; mean 16 sectors per request$`
		lim--
	}
}
