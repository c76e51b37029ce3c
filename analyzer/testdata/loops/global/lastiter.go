package global

import "github.com/smemlint/smemlint/simt"

// lastIter leaves its loop by a break whose condition names the loop's
// variable alone (Rodinia's pathfinder and hotspot: if i == iteration-1
// { break }), so every thread runs iterations 0 to 3, and a flag the body
// sets is, after the loop, its value in iteration 3 (before: the
// accesses were priced as if every lane stayed, with an unknown "which
// threads left the loop in an earlier iteration", and the flag was "a
// loop assigns" it, so the store after the loop assumed every lane).
//
//smemlint:launch block=64
func lastIter(t *simt.Thread, a []float32) {
	tx := t.ThreadIdx.X
	done := false
	for i := 0; i < 8; i++ {
		done = false
		if tx < 8*i {
			done = true
		}
		_ = a[tx] // want `note: global load a\[tx\]: 4 sectors per request \(ideal 4\); block 64; per block: 8 requests, 32 sectors$`
		if i == 3 {
			break
		}
		_ = a[tx+64] // want `note: global load a\[tx\+64\]: 4 sectors per request \(ideal 4\); block 64; per block: 6 requests, 24 sectors$`
	}
	if done {
		a[tx] = 0 // want `note: global store a\[tx\]: 3 sectors per request \(ideal 3\); block 64; per block: 1 request, 3 sectors$`
	}
}
