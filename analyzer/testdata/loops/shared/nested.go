// Package shared holds kernels whose shared indices advance with loops in
// the ways published kernels write them (issue 11, constructs 1 and 2),
// for the bankconflict check with -verbose.
package shared

import "github.com/smemlint/smemlint/simt"

// bitonic is the CUDA SDK's bitonic sort network: the inner stride starts
// from the outer size, so it never exceeds 512, and the block makes 45
// (size, stride) steps of 16 warps. Before: "worst from stride = 1025 on",
// a value the loop never takes, and no per-block total.
//
//smemlint:launch block=512
func bitonic(t *simt.Thread, keys []uint32) {
	s := simt.Shared[[1024]uint32](t)
	tid := t.ThreadIdx.X
	s[tid] = keys[tid]         // want `note: shared store s\[tid\]: 1 wavefront`
	s[tid+512] = keys[tid+512] // want `note: shared store s\[tid\+512\]: 1 wavefront`
	for size := 2; size < 1024; size <<= 1 {
		for stride := size / 2; stride > 0; stride >>= 1 {
			t.SyncThreads()
			pos := 2*tid - (tid & (stride - 1))
			a, b := s[pos], s[pos+stride] // want `shared load s\[pos\]: 2-way bank conflict \(2 wavefronts, ideal 1\): lanes 0 and 16 both hit bank 0; block 512; worst at size = 2, stride = 1; per block: 720 requests, 1280 wavefronts` `shared load s\[pos\+stride\]: 2-way bank conflict .*worst at size = 2, stride = 1; per block: 720 requests, 1280 wavefronts`
			if a > b {
				s[pos], s[pos+stride] = b, a // want `shared store s\[pos\]: 2-way bank conflict .*worst at size = 2, stride = 1` `shared store s\[pos\+stride\]: 2-way bank conflict .*worst at size = 2, stride = 1`
			}
		}
	}
}
