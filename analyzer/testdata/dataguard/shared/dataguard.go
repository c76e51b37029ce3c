// Package shared holds shared accesses under conditions on data that
// differ between lanes (issue 11, construct 5): the figure is priced as if
// every lane passed, the message says so, and gives the figure with one
// lane where it differs. Checked by the bankconflict check with -verbose
// and by simcheck (launch_test.go).
package shared

import "github.com/smemlint/smemlint/simt"

// bitonicMerge is the merge phase of the CUDA SDK's bitonicSortShared: a
// comparator swaps two keys when (a > b) == up, which depends on the keys.
//
//smemlint:launch block=64
func bitonicMerge(t *simt.Thread, keys []uint32, up bool) {
	tx := t.ThreadIdx.X
	s := simt.Shared[[128]uint32](t)
	s[tx] = keys[tx]       // want `note: shared store s\[tx\]: 1 wavefront per request \(ideal 1\); block 64; per block: 2 requests, 2 wavefronts$`
	s[tx+64] = keys[tx+64] // want `note: shared store s\[tx\+64\]: 1 wavefront`
	for stride := 64; stride > 0; stride >>= 1 {
		t.SyncThreads()
		pos := 2*tx - tx&(stride-1)
		a, b := s[pos], s[pos+stride] // want `shared load s\[pos\]: 2-way bank conflict` `shared load s\[pos\+stride\]: 2-way bank conflict`
		if (a > b) == up {
			s[pos] = b        // want `shared store s\[pos\]: 2-way bank conflict \(2 wavefronts, ideal 1\): .*; worst at stride = 16; assumes every lane passes \(a > b\) == up \(dataguard.go:23\), which depends on data read from memory \(1 wavefront with one lane, 2 with all 32\)`
			s[pos+stride] = a // want `shared store s\[pos\+stride\]: 2-way bank conflict .*assumes every lane passes \(a > b\) == up \(dataguard.go:23\)`
		}
	}
	t.SyncThreads()
	keys[tx] = s[tx]       // want `note: shared load s\[tx\]: 1 wavefront per request \(ideal 1\); block 64; per block: 2 requests, 2 wavefronts$`
	keys[tx+64] = s[tx+64] // want `note: shared load s\[tx\+64\]: 1 wavefront`
}

// flagged writes a word where the thread's flag is set: one wavefront
// whatever lanes pass, and the message says so.
//
//smemlint:launch block=64
func flagged(t *simt.Thread, flags []int32, out []float32) {
	tx := t.ThreadIdx.X
	s := simt.Shared[[64]float32](t)
	s[tx] = 0 // want `note: shared store s\[tx\]: 1 wavefront per request \(ideal 1\); block 64; per block: 2 requests, 2 wavefronts$`
	if flags[tx] != 0 {
		s[tx] = 1 // want `note: shared store s\[tx\]: 1 wavefront per request \(ideal 1\); block 64; assumes every lane passes flags\[tx\] != 0 \(dataguard.go:41\), which depends on data read from memory \(1 wavefront however many lanes pass\)`
	}
	t.SyncThreads()
	out[tx] = s[63-tx] // want `note: shared load s\[63-tx\]: 1 wavefront`
}
