package shared

import "github.com/smemlint/smemlint/simt"

// bitonicN is bitonic with the array size n a parameter, fixed by the
// launch below: the nested loops enumerate the iteration space n gives,
// 28 (size, stride) steps of 4 warps (figures checked by hand).
func bitonicN(t *simt.Thread, keys []uint32, n int) {
	s := simt.Shared[[1024]uint32](t)
	tid := t.ThreadIdx.X
	s[tid] = keys[tid] // want `note: shared store s\[tid\]: 1 wavefront`
	for size := 2; size < n; size <<= 1 {
		for stride := size / 2; stride > 0; stride >>= 1 {
			t.SyncThreads()
			pos := 2*tid - (tid & (stride - 1))
			_ = s[pos+stride] // want `shared load s\[pos\+stride\]: 2-way bank conflict .*worst at size = 2, stride = 1; per block: 112 requests, 212 wavefronts; mean 1.89 wavefronts per request`
		}
	}
}

// sortKeys launches bitonicN with n = 256 on 128 threads.
func sortKeys() error {
	keys := simt.Malloc[uint32](1024)
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: 128}},
		func(t *simt.Thread) { bitonicN(t, keys, 256) })
}

var _ = sortKeys
