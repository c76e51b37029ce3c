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
