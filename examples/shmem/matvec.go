package shmem

import "github.com/smemlint/smemlint/simt"

// MatVecBlock is the block size of the chapter's matrix-vector products
// (block{512} in the host code, and the template parameter BlockSize of the
// shared-memory version).
const MatVecBlock = 512

// The three matrix-vector products compute out = mat × in for an m×n
// row-major matrix of float64. One warp handles one row: lane k of the warp
// adds mat[row][k], mat[row][k+32], ... times the vector, and the warp then
// sums its 32 partial products. They differ only in that last step.
//
// Global memory, common to the three (for n a multiple of 4, so that rows
// start on a 32-byte boundary): mat[row*n+col] and in[col] are coalesced,
// 256 bytes per warp, 8 sectors per request (ideal 8); out[row] is written
// by one lane, 1 sector.

// MatVecGlobalCache is seed 000's first matrix-vector product (from its
// tutorial 4): the warp sums its partial products through cache, a scratch
// array in global memory with one double per thread (gridDim*blockDim),
// declared volatile in the seed.
//
// Expected finding: warp-synchronous hazard (lanes 0..15 read
// cache[tid+16], cache[tid+8]... written by other lanes of the warp, with
// no SyncWarp). Global accesses to cache are coalesced: cache[tid] 8
// sectors (ideal 8), cache[tid+16] etc. by 16 lanes 4 sectors (ideal 4).
//
// What the simulator does: lane 0 of each warp runs first and to the end,
// before lane 1 stores its partial product. Lane 0 adds cache[16],
// cache[8], cache[4], cache[2], cache[1] as they were before the launch,
// so out[row] = t0 + c[16] + c[8] + c[4] + c[2] + c[1], where t0 is lane
// 0's partial product (columns 0, 32, 64...) and c the cache's words of
// that warp on entry: zero for a fresh cache, so out[row] = t0.
//
// The seed's host code also has bugs that are not ported: it allocates the
// cache into `result` and launches with the cache argument missing. The
// wrapper allocates a zeroed cache.
func MatVecGlobalCache(t *simt.Thread, outVec, cache, mat, inVec []float64, m, n int) {
	tid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	row := tid / 32

	if row < m {
		sum := float64(0)
		for col := tid % 32; col < n; col += 32 {
			sum += mat[row*n+col] * inVec[col]
		}
		cache[tid] = sum

		// volatile double *cache in the seed: plain accesses, no SyncWarp.
		if tid%32 < 16 {
			cache[tid] += cache[tid+16]
			cache[tid] += cache[tid+8]
			cache[tid] += cache[tid+4]
			cache[tid] += cache[tid+2]
			cache[tid] += cache[tid+1]
		}

		if tid%32 == 0 {
			outVec[row] = cache[tid]
		}
	}
}

// MatVecSharedCache is seed 000's improvement: the scratch array moves
// to shared memory (volatile __shared__ double cache[BlockSize] in the
// seed), indexed by threadIdx.x.
//
// Shared memory: cache[tx] is an 8-byte access; 32 lanes × 8 bytes are
// served in 2 wavefronts (ideal 2), and the 16-lane reads cache[tx+16]...
// in 1: conflict-free. Expected finding: warp-synchronous hazard, as in
// MatVecGlobalCache. In the simulator lane 0 runs alone and reads
// cache[16], cache[8]... before lanes 16, 8... have stored anything in
// this block, so out[row] = t0 + the words' initial contents. CUDA leaves
// shared memory uninitialised; the simulator zeroes it when a block
// starts, so out[row] = t0, lane 0's partial product, exactly.
func MatVecSharedCache(t *simt.Thread, outVec, mat, inVec []float64, m, n int) {
	cache := simt.Shared[[MatVecBlock]float64](t) // volatile in the seed
	tx := t.ThreadIdx.X
	tid := t.BlockIdx.X*t.BlockDim.X + tx
	row := tid / 32

	if row < m {
		sum := float64(0)
		for col := tid % 32; col < n; col += 32 {
			sum += mat[row*n+col] * inVec[col]
		}
		cache[tx] = sum // not tid: shared memory is per block

		// Plain accesses, no SyncWarp: warp-synchronous hazard.
		if tid%32 < 16 {
			cache[tx] += cache[tx+16]
			cache[tx] += cache[tx+8]
			cache[tx] += cache[tx+4]
			cache[tx] += cache[tx+2]
			cache[tx] += cache[tx+1]
		}

		if tid%32 == 0 {
			outVec[row] = cache[tx]
		}
	}
}

// MatVecShuffle is seed 000's final version: the warp sums its partial
// products with __shfl_xor_sync butterflies, no shared memory at all.
//
// Correct. The full mask is right: row = tid/32 is the same for all lanes
// of a warp, so `row < m` keeps or drops whole warps. No findings (global
// figures as above).
func MatVecShuffle(t *simt.Thread, outVec, mat, inVec []float64, m, n int) {
	tid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	row := tid / 32

	if row < m {
		sum := float64(0)
		for col := tid % 32; col < n; col += 32 {
			sum += mat[row*n+col] * inVec[col]
		}

		sum += simt.ShflXorSync(t, 0xffffffff, sum, 16)
		sum += simt.ShflXorSync(t, 0xffffffff, sum, 8)
		sum += simt.ShflXorSync(t, 0xffffffff, sum, 4)
		sum += simt.ShflXorSync(t, 0xffffffff, sum, 2)
		sum += simt.ShflXorSync(t, 0xffffffff, sum, 1)

		if tid%32 == 0 {
			outVec[row] = sum
		}
	}
}
