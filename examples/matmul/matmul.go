// Package matmul ports the matrix-product kernels of seed 002, a tutorial
// chapter on arithmetic intensity and shared memory, to smemlint's
// simulated SIMT API: the naive kernel, the 32×32 shared-tile kernel as the
// seed writes it, and a corrected tiled kernel.
//
// All three compute c (m×n) = a (m×k) × b (k×n) for row-major float32
// matrices (the seed's template parameter T is float), with 32×32 blocks:
// threadIdx.x walks the columns of c, threadIdx.y the rows, and a warp is
// one row of 32 consecutive columns.
package matmul

import "github.com/smemlint/smemlint/simt"

// Tile is the block and tile edge: 32×32 threads, 32×32 floats per tile.
const Tile = 32

// MatmulKernel0 is seed 002's matmul_kernel_0: one thread per element of
// c, reading a row of a and a column of b straight from global memory. The
// early return is harmless here: the kernel has no barrier.
//
// Expected coalescing figures (k and n multiples of 8): a[row*k+kk] is the
// same word for the whole warp, 1 sector (a broadcast, ideal 1);
// b[kk*n+col] and c[row*n+col] are consecutive, 4 sectors per request
// (ideal 4). Every element of a is read n times and of b m times from
// global memory: the low arithmetic intensity the chapter sets out to fix.
// Correct for every m, n, k.
func MatmulKernel0(t *simt.Thread, a, b, c []float32, m, k, n int) {
	row := t.BlockIdx.Y*32 + t.ThreadIdx.Y
	col := t.BlockIdx.X*32 + t.ThreadIdx.X

	if row >= m || col >= n {
		return
	}

	sum := float32(0)
	for kk := 0; kk < k; kk++ {
		sum += a[row*k+kk] * b[kk*n+col]
	}
	c[row*n+col] = sum
}

// MatmulKernel1 is seed 002's matmul_kernel_1: the block walks k in
// 32-wide steps, staging a 32×32 tile of a and of b in shared memory (As,
// Bs: flat [32*32] arrays, as in the seed) and reading them 32 times each.
//
// Shared memory: the stores As[ty*32+tx], Bs[ty*32+tx] and the load
// Bs[kk*32+tx] are conflict-free; As[ty*32+kk] is one word for the whole
// warp (broadcast): 1 wavefront each, no bank conflict. Global loads
// a[yA*k+xA] and b[yB*n+xB] are coalesced, 4 sectors per request (ideal 4,
// for k and n multiples of 8).
//
// Bugs kept from the seed:
//   - divergent barrier: the early `return` for row >= m || col >= n comes
//     before the SyncThreads of the loop. When m or n is not a multiple of
//     32, the edge blocks have threads that left and threads that wait at
//     the barrier for them: a deadlock (smemlint's barrier finding: a
//     SyncThreads after a thread-dependent return). The simulator returns a
//     *simt.LaunchError naming the deadlock.
//   - the tile loads are not guarded: when k is not a multiple of 32 the
//     last tile reads past the end of a row of a (wrong values) and past the
//     end of a and b (out of range: the simulator reports the panic as a
//     *simt.LaunchError; a GPU reads whatever lies there).
//
// Correct when m, n and k are all multiples of 32. MatmulTiled fixes both.
func MatmulKernel1(t *simt.Thread, a, b, c []float32, m, k, n int) {
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	row := t.BlockIdx.Y*32 + ty
	col := t.BlockIdx.X*32 + tx

	if row >= m || col >= n {
		return // divergent: the threads that stay wait at SyncThreads below
	}

	as := simt.Shared[[32 * 32]float32](t)
	bs := simt.Shared[[32 * 32]float32](t)

	numBlocks := (k + 32 - 1) / 32

	sum := float32(0)
	for i := 0; i < numBlocks; i++ {
		xA := i*32 + tx
		yA := t.BlockIdx.Y*32 + ty
		as[ty*32+tx] = a[yA*k+xA]

		xB := t.BlockIdx.X*32 + tx
		yB := i*32 + ty
		bs[ty*32+tx] = b[yB*n+xB]

		t.SyncThreads()

		for kk := 0; kk < 32; kk++ {
			sum += as[ty*32+kk] * bs[kk*32+tx]
		}

		t.SyncThreads()
	}

	c[row*n+col] = sum
}

// MatmulTiled is MatmulKernel1 (seed 002) corrected: every thread of the
// block stays to the end and takes part in every barrier; a thread whose
// element of a tile lies outside a or b stores 0 to the tile instead of
// loading, and only threads inside c store their result. Correct for every
// m, n, k.
//
// Findings: none. Same figures as MatmulKernel1 (conflict-free tiles,
// coalesced loads for k and n multiples of 8); the barriers are reached by
// all threads because the loop's trip count depends on k only.
func MatmulTiled(t *simt.Thread, a, b, c []float32, m, k, n int) {
	as := simt.Shared[[Tile * Tile]float32](t)
	bs := simt.Shared[[Tile * Tile]float32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	row := t.BlockIdx.Y*Tile + ty
	col := t.BlockIdx.X*Tile + tx

	sum := float32(0)
	for i := 0; i < (k+Tile-1)/Tile; i++ {
		xA := i*Tile + tx // column of a, row is `row`
		if row < m && xA < k {
			as[ty*Tile+tx] = a[row*k+xA]
		} else {
			as[ty*Tile+tx] = 0
		}

		yB := i*Tile + ty // row of b, column is `col`
		if yB < k && col < n {
			bs[ty*Tile+tx] = b[yB*n+col]
		} else {
			bs[ty*Tile+tx] = 0
		}

		t.SyncThreads()

		for kk := 0; kk < Tile; kk++ {
			sum += as[ty*Tile+kk] * bs[kk*Tile+tx]
		}

		t.SyncThreads()
	}

	if row < m && col < n {
		c[row*n+col] = sum
	}
}
