package global

import "github.com/smemlint/smemlint/simt"

func inRange(x, lo, hi int) bool { return x >= lo && x <= hi }

func clampedOut(x, lo, hi int) bool {
	if x < lo {
		return true
	}
	if x > hi {
		return true
	}
	return false
}

// predicates guards its accesses with device functions that return a
// condition: on one path (inRange) or on several (clampedOut). The call is
// the condition it returns, evaluated per lane (before: "the result of
// inRange, which returns different values on different paths", and the
// figure assumed that every lane passes).
//
//smemlint:launch block=64
func predicates(t *simt.Thread, a []float32) {
	tx := t.ThreadIdx.X
	if inRange(tx, 8, 39) {
		a[tx] = 0 // want `note: global store a\[tx\]: 3 sectors per request \(ideal 3\); block 64; per block: 2 requests, 4 sectors; mean 2 sectors per request$`
	}
	if clampedOut(tx, 4, 59) {
		a[tx] = 1 // want `note: global store a\[tx\]: 1 sector per request \(ideal 1\); block 64; per block: 2 requests, 2 sectors$`
	}
}
