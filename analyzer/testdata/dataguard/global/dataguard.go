// Package global holds global accesses under conditions on data that
// differ between lanes (issue 11, construct 5), for the coalescing check
// with -verbose and simcheck (launch_test.go).
package global

import "github.com/smemlint/smemlint/simt"

// clampStd is PolyBench correlation's std_kernel tail (correlation.cu
// line 182): a store made only by the lanes whose value is small.
//
//smemlint:launch block=256 grid=2
func clampStd(t *simt.Thread, std []float32) {
	const eps = 0.1
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if std[j] <= eps { // want `note: global load std\[j\]: 4 sectors per request \(ideal 4\); block 256; per block: 8 requests, 32 sectors$`
		std[j] = 1.0 // want `note: global store std\[j\]: 4 sectors per request \(ideal 4\); block 256; assumes every lane passes std\[j\] <= eps \(dataguard.go:15\), which depends on data read from memory \(1 sector with one lane, 4 with all 32\)`
	}
}

// oddOut writes every other element where the input is negative, else
// the next one: both branches are priced as if every lane took them.
//
//smemlint:launch block=256 grid=2
func oddOut(t *simt.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if in[i] < 0 { // want `note: global load in\[i\]: 4 sectors`
		out[2*i] = 0 // want `global store out\[2\*i\]: 8 sectors per request \(ideal 4\): lanes are 8 bytes apart .*assumes every lane passes in\[i\] < 0 \(dataguard.go:26\), which depends on data read from memory \(1 sector with one lane, 8 with all 32\)`
	} else {
		out[2*i+1] = 1 // want `global store out\[2\*i\+1\]: 8 sectors per request \(ideal 4\).*assumes every lane fails in\[i\] < 0 \(dataguard.go:26\)`
	}
}
