package shared

import "github.com/smemlint/smemlint/simt"

// scan is the up-sweep of a work-efficient (Blelloch) scan: offset doubles
// as d halves, so the pair (d, offset) takes 9 values, not 9×9; 20
// requests and 95 wavefronts per block, checked by hand (before:
// "not evaluated: the index depends on data read from memory").
//
//smemlint:launch block=256
func scan(t *simt.Thread, in []float32) {
	const n = 512
	s := simt.Shared[[n]float32](t)
	tid := t.ThreadIdx.X
	s[2*tid] = in[2*tid]     // want `shared store s\[2\*tid\]: 2-way bank conflict`
	s[2*tid+1] = in[2*tid+1] // want `shared store s\[2\*tid\+1\]: 2-way bank conflict`
	offset := 1
	for d := n >> 1; d > 0; d >>= 1 {
		t.SyncThreads()
		if tid < d {
			ai := offset*(2*tid+1) - 1
			bi := offset*(2*tid+2) - 1
			s[bi] += s[ai] // want `shared load s\[bi\]: 16-way bank conflict \(16 wavefronts, ideal 1\).*worst at d = 32, offset = 8; per block: 20 requests, 95 wavefronts` `shared load s\[ai\]: 16-way bank conflict .*per block: 20 requests, 95 wavefronts` `note: shared store s\[bi\]: 16-way bank conflict.*the store of a compound assignment`
		}
		offset *= 2
	}
}

// ring walks a ring of 64 rows in steps of 4, as a circular buffer does
// (before: "not evaluated: the index depends on data read from memory").
//
//smemlint:launch block=32
func ring(t *simt.Thread, out []float32) {
	s := simt.Shared[[64 * 33]float32](t)
	tid := t.ThreadIdx.X
	pos := 0
	for i := 0; i < 32; i++ {
		out[i*32+tid] = s[pos*33+tid] // want `note: shared load s\[pos\*33\+tid\]: 1 wavefront per request \(ideal 1\); block 32`
		pos = (pos + 4) & 63
	}
}
