package global

import "github.com/smemlint/smemlint/simt"

// reslice advances its slices by re-slicing in the k loop, Go's form of
// CUDA's A += BK in tuned SGEMMs (before: every access through A and B
// was dropped without a word).
//
//smemlint:launch block=32x8
func reslice(t *simt.Thread, A, B, C []float32) {
	const N, K, BK = 1024, 1024, 32
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	A = A[t.BlockIdx.Y*32*K:]
	B = B[t.BlockIdx.X*32:]
	sum := float32(0)
	for k := 0; k < K; k += BK {
		sum += A[ty*K+tx] * B[ty*N+tx] // want `note: global load A\[ty\*K\+tx\]: 4 sectors per request \(ideal 4\); block 32×8` `note: global load B\[ty\*N\+tx\]: 4 sectors per request \(ideal 4\); block 32×8`
		A = A[BK:]
		B = B[BK*N:]
	}
	C[t.BlockIdx.Y*32*N+ty*N+t.BlockIdx.X*32+tx] = sum // want `note: global store C\[.*\]: 4 sectors per request \(ideal 4\)`
}

// resliceOdd advances by three elements: the warp's start moves across
// sectors from one iteration to the next, and each iteration makes its own
// request (before: "4 sectors per request", the most favourable alignment,
// as if the loop's offsets were unknown).
//
//smemlint:launch block=32
func resliceOdd(t *simt.Thread, A []float32) {
	for k := 0; k < 8; k++ {
		_ = A[t.ThreadIdx.X] // want `note: global load A\[t.ThreadIdx.X\]: 5 sectors per request \(ideal 4\): consecutive lanes, but the warp starts 12 bytes into a 32-byte sector; block 32; worst at k = 1; per block: 8 requests, 39 sectors; mean 4.88 sectors per request`
		A = A[3:]
	}
}
