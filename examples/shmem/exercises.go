package shmem

import "github.com/smemlint/smemlint/simt"

// ExerciseBlockX and ExerciseBlockY are the block shape used for the two
// exercises (the seed gives none): 32×8, so that a warp is one row of 32
// threads with consecutive threadIdx.x.
const (
	ExerciseBlockX = 32
	ExerciseBlockY = 8
)

// TransposeNaive is seed 000's first exercise, transposeKernelNaive:
// a holds n rows of m floats, at receives its m×n transpose.
//
// Expected coalescing figures with 32×8 blocks: the load a[iy*m+ix] has
// consecutive ix across a warp, 4 sectors per request (ideal 4, m a
// multiple of 8); the store at[ix*n+iy] has a stride of n floats across the
// warp, one sector per lane: 32 sectors per request, ideal 4. "Reads
// coalesced, writes not", as the seed says. The transpose package answers
// the exercise with a shared-memory tile. Correct.
func TransposeNaive(t *simt.Thread, at, a []float32, m, n int) {
	ix := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	iy := t.ThreadIdx.Y + t.BlockIdx.Y*t.BlockDim.Y
	if ix < m && iy < n {
		at[ix*n+iy] = a[iy*m+ix]
	}
}

// MatMulNaive is seed 000's last exercise, MatMulKernelNaive:
// c (m×n) = a (m×k) × b (k×n), row-major, one thread per element of c,
// with ix (along threadIdx.x) the row and iy the column.
//
// Expected coalescing figures with 32×8 blocks, where the 32 lanes of a
// warp have consecutive ix and one iy:
//   - a[ix*k+kk]: lanes k floats apart, 32 sectors per request for k >= 8
//     (ideal 4): not coalesced;
//   - b[kk*n+iy]: all lanes read the same word, 1 sector (a broadcast,
//     ideal 1): no waste per request, but every warp re-reads b one word
//     at a time;
//   - c[ix*n+iy]: stride n, 32 sectors per request, ideal 4.
//
// The seed says neither a nor b is coalesced; with this shape a is strided
// and b is a broadcast. Swapping the roles of x and y (as matmul
// MatmulKernel0 does) makes b and c coalesced. Correct.
func MatMulNaive(t *simt.Thread, c, a, b []float32, m, n, k int) {
	ix := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	iy := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y

	if ix < m && iy < n {
		sum := float32(0)
		for kk := 0; kk < k; kk++ {
			sum += a[ix*k+kk] * b[kk*n+iy]
		}
		c[ix*n+iy] = sum
	}
}
