package coalescingverbose

import "github.com/smemlint/smemlint/simt"

// Per block counts every request of every iteration, as a profiler does,
// and the mean per request is stated where it differs from the worst.

// The loop variable does not change the figure: before, the loop was
// counted once ("per block: 8 requests, 32 sectors").
//
//smemlint:launch block=256
func repeat(t *simt.Thread, out, in []float32) {
	i := t.ThreadIdx.X
	v := float32(0)
	for r := 0; r < 4; r++ {
		v += in[i] // want `note: global load in\[i\]: 4 sectors per request \(ideal 4\); block 256; per block: 32 requests, 128 sectors$`
	}
	out[i] = v // want `note: global store out\[i\]: 4 sectors per request \(ideal 4\); block 256; per block: 8 requests, 32 sectors$`
}

// The figure changes with the loop: the worst is 8 sectors, the mean over
// the iterations 6 (before: the worst only).
//
//smemlint:launch block=256
func strides(t *simt.Thread, out, in []float32) {
	i := t.ThreadIdx.X
	v := float32(0)
	for s := 1; s <= 2; s++ {
		v += in[i*s] // want `global load in\[i\*s\]: 8 sectors per request \(ideal 4\).*; per block: 16 requests, 96 sectors; mean 6 sectors per request$`
	}
	out[i] = v // want `note: global store out\[i\]`
}

// An unknown offset: its alignment decides the sectors, not the requests,
// which are stated alone (before: nothing per block).
//
//smemlint:launch block=256
func offset(t *simt.Thread, out, in []float32, off int) {
	out[t.ThreadIdx.X] = in[off+t.ThreadIdx.X] // want `note: global store out\[t.ThreadIdx.X\]` `note: global load in\[off\+t.ThreadIdx.X\]: 4 sectors per request \(ideal 4\); block 256; per block: 8 requests$`
}
