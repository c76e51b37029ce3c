// Package shmem ports the kernels of seed 000, a tutorial chapter on shared
// memory (allocation, banks, barriers, volatile, warp shuffles), to
// smemlint's simulated SIMT API: four versions of a block reduction, three
// matrix-vector products and the two exercises at the end of the chapter
// (a naive transpose and a naive matrix product).
//
// The seed's reductions carry three bugs that the port keeps, documented at
// each kernel, and ReductionFixed corrects:
//
//   - the `tid < 512` ... `tid < 32` guards test the global thread index,
//     so only block 0 reduces; every other block reports the partial sum of
//     its thread 0 alone;
//   - the step `if tid < 32 { x[tid] += x[tid+32] }` (with its barrier) is
//     followed by a final warp that adds x[tid+32] again: the words
//     x[32..63] are counted twice;
//   - the final warp uses the `volatile` idiom: lanes exchange values
//     through memory with no __syncwarp, a warp-synchronous hazard.
//
// ReductionIfBarrier is seed 000's example of a barrier inside a
// conditional; the simulator reports its deadlock.
package shmem

import "github.com/smemlint/smemlint/simt"

// Launch shape of the chapter's host code for the reductions.
const (
	// ReductionThreads is block_size: 1024 threads per block.
	ReductionThreads = 1024
	// ReductionBlocks is grid_size: the K20m has 13 SMs, 2 blocks of 1024
	// threads fit on each.
	ReductionBlocks = 26
	// TemplateBlockSize is the template parameter BlockSize of the
	// template version (constexpr block_size = 512 in the seed).
	TemplateBlockSize = 512
)

// ReductionKernel is seed 000's first reduction (from its tutorial 3),
// which works in global memory: each thread stores its grid-stride sum to
// vec[tid] and the block reduces vec in place. The input is destroyed and
// len(vec) must be at least gridDim*blockDim (the seed's comment: "assume N
// is large enough"), or vec[tid] is out of range.
//
// Barriers: every SyncThreads is outside the `if`s: no barrier finding.
// Memory: the grid-stride load and the vec[tid] store are coalesced (4
// sectors, ideal 4); the tree's vec[tid], vec[tid+s] accesses are
// coalesced too.
//
// Bugs kept from the seed:
//   - tid is the global index, and the guards `tid < 512` ... `tid < 32`
//     use it: for blocks other than 0 no thread passes them and
//     partial[b] = vec[b*blockDim], thread 0's own sum;
//   - the final warp adds vec[tid+32] a second time;
//   - the final warp is warp-synchronous (volatile in the seed, plain
//     here, no SyncWarp): a warpsync finding. In the simulator lane 0 runs
//     the whole final warp alone before lane 1 starts, so with q[i] the
//     value of vec[i] before the 64-step,
//     partial[0] = q0+q32 + q32 + (q16+q48) + (q8+q40) + (q4+q36) +
//     (q2+q34) + (q1+q33), added in that order.
func ReductionKernel(t *simt.Thread, vec, partial []float32, n int) {
	tid := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X

	// Each thread first adds its grid-stride share of the elements.
	sum := float32(0)
	for i := tid; i < n; i += t.GridDim.X * t.BlockDim.X {
		sum += vec[i]
	}
	vec[tid] = sum
	t.SyncThreads()

	// Then the block reduces in place. The guards use the global tid, as
	// in the seed (block 0 only).
	if t.BlockDim.X >= 1024 && tid < 512 {
		vec[tid] += vec[tid+512]
	}
	t.SyncThreads()

	if t.BlockDim.X >= 512 && tid < 256 {
		vec[tid] += vec[tid+256]
	}
	t.SyncThreads()

	if t.BlockDim.X >= 256 && tid < 128 {
		vec[tid] += vec[tid+128]
	}
	t.SyncThreads()

	if t.BlockDim.X >= 128 && tid < 64 {
		vec[tid] += vec[tid+64]
	}
	t.SyncThreads()

	if t.BlockDim.X >= 64 && tid < 32 {
		vec[tid] += vec[tid+32]
	}
	t.SyncThreads()

	// The final warp. volatile float *vmem = vec in the seed: plain
	// accesses here, no SyncWarp (warp-synchronous hazard), and the +32
	// step again (double count).
	if tid < 32 {
		vec[tid] += vec[tid+32]
		vec[tid] += vec[tid+16]
		vec[tid] += vec[tid+8]
		vec[tid] += vec[tid+4]
		vec[tid] += vec[tid+2]
		vec[tid] += vec[tid+1]
	}

	// Thread 0 of each block writes the block's result.
	if t.ThreadIdx.X == 0 {
		partial[t.BlockIdx.X] = vec[tid]
	}
}

// ReductionIfBarrier is seed 000's example of what not to do: the same
// reduction with each SyncThreads moved inside its `if`. Only threads
// 0..511 of block 0 enter the first `if` and wait at its barrier for
// threads 512..1023, which never arrive: the launch deadlocks. The seed
// shows the first two steps and elides the rest; the remaining steps are
// written the same way.
//
// Expected findings: barrier (SyncThreads under the thread-dependent
// condition tid < 512, and likewise in every step). The simulator returns a
// *simt.LaunchError naming the deadlock in block (0,0,0). The other bugs of
// ReductionKernel are kept too.
func ReductionIfBarrier(t *simt.Thread, vec, partial []float32, n int) {
	tid := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X

	sum := float32(0)
	for i := tid; i < n; i += t.GridDim.X * t.BlockDim.X {
		sum += vec[i]
	}
	vec[tid] = sum
	t.SyncThreads()

	if t.BlockDim.X >= 1024 && tid < 512 {
		vec[tid] += vec[tid+512]
		t.SyncThreads() // the kernel blocks here for ever
	}

	if t.BlockDim.X >= 512 && tid < 256 {
		vec[tid] += vec[tid+256]
		t.SyncThreads()
	}

	if t.BlockDim.X >= 256 && tid < 128 {
		vec[tid] += vec[tid+128]
		t.SyncThreads()
	}

	if t.BlockDim.X >= 128 && tid < 64 {
		vec[tid] += vec[tid+64]
		t.SyncThreads()
	}

	if t.BlockDim.X >= 64 && tid < 32 {
		vec[tid] += vec[tid+32]
		t.SyncThreads()
	}

	if tid < 32 {
		vec[tid] += vec[tid+32]
		vec[tid] += vec[tid+16]
		vec[tid] += vec[tid+8]
		vec[tid] += vec[tid+4]
		vec[tid] += vec[tid+2]
		vec[tid] += vec[tid+1]
	}

	if t.ThreadIdx.X == 0 {
		partial[t.BlockIdx.X] = vec[tid]
	}
}

// ReductionDynamicShared is seed 000's shared-memory reduction: the
// input is only read, the block reduces a dynamically sized cache (one
// float per thread, launched with blockDim*4 bytes). As the seed's comment
// says, the cache must be indexed with threadIdx.x, not tid.
//
// Memory: coalesced load; cache accesses cache[tx], cache[tx+s] are
// conflict-free (1 wavefront per request).
//
// Bugs kept from the seed, exactly as written:
//   - the guards still test the global tid (`tid < 512` ...): for every
//     block but block 0 the reduction is skipped and partial[b] is cache[0],
//     the sum of thread 0 alone. Only a one-block launch reduces;
//   - the final warp adds cache[tx+32] a second time (double count);
//   - the final warp is warp-synchronous (volatile in the seed): warpsync
//     finding. In the simulator lane 0 completes the final warp alone and
//     partial[0] is the same 12-term value as ReductionKernel's.
//
// ReductionFixed is the corrected version.
func ReductionDynamicShared(t *simt.Thread, vec, partial []float32, n int) {
	cache := simt.DynamicShared[float32](t)
	tx := t.ThreadIdx.X
	tid := tx + t.BlockIdx.X*t.BlockDim.X

	sum := float32(0)
	for i := tid; i < n; i += t.GridDim.X * t.BlockDim.X {
		sum += vec[i]
	}
	cache[tx] = sum // not cache[tid]: shared memory is per block
	t.SyncThreads()

	// The seed's guards: global tid (bug for blocks other than 0).
	if t.BlockDim.X >= 1024 && tid < 512 {
		cache[tx] += cache[tx+512]
	}
	t.SyncThreads()

	if t.BlockDim.X >= 512 && tid < 256 {
		cache[tx] += cache[tx+256]
	}
	t.SyncThreads()

	if t.BlockDim.X >= 256 && tid < 128 {
		cache[tx] += cache[tx+128]
	}
	t.SyncThreads()

	if t.BlockDim.X >= 128 && tid < 64 {
		cache[tx] += cache[tx+64]
	}
	t.SyncThreads()

	if t.BlockDim.X >= 64 && tid < 32 {
		cache[tx] += cache[tx+32]
	}
	t.SyncThreads()

	// Warp-level reduction: volatile float *vmem = cache in the seed.
	// Plain accesses, no SyncWarp: warp-synchronous hazard; +32 again.
	if tid < 32 {
		cache[tx] += cache[tx+32]
		cache[tx] += cache[tx+16]
		cache[tx] += cache[tx+8]
		cache[tx] += cache[tx+4]
		cache[tx] += cache[tx+2]
		cache[tx] += cache[tx+1]
	}

	if tx == 0 {
		partial[t.BlockIdx.X] = cache[0]
	}
}

// ReductionTemplate is seed 000's template version, ReductionKernel
// <BlockSize>: a statically sized cache and constant block-size tests. The
// template parameter becomes TemplateBlockSize (512); launch it with
// exactly TemplateBlockSize threads per block. With 512 the 1024-step is
// constant-false, as the compiler would prune it.
//
// Memory: coalesced load, conflict-free cache accesses. Bugs kept from the
// seed as in ReductionDynamicShared: global tid in the guards (only block 0
// reduces), cache[tx+32] added twice, and the warp-synchronous final warp
// (warpsync finding; in the simulator lane 0 computes the final warp
// alone).
func ReductionTemplate(t *simt.Thread, vec, partial []float32, n int) {
	cache := simt.Shared[[TemplateBlockSize]float32](t)
	tx := t.ThreadIdx.X
	tid := tx + t.BlockIdx.X*t.BlockDim.X

	sum := float32(0)
	for i := tid; i < n; i += t.GridDim.X * t.BlockDim.X {
		sum += vec[i]
	}
	cache[tx] = sum
	t.SyncThreads()

	if TemplateBlockSize >= 1024 && tid < 512 {
		cache[tx] += cache[tx+512]
	}
	t.SyncThreads()

	if TemplateBlockSize >= 512 && tid < 256 {
		cache[tx] += cache[tx+256]
	}
	t.SyncThreads()

	if TemplateBlockSize >= 256 && tid < 128 {
		cache[tx] += cache[tx+128]
	}
	t.SyncThreads()

	if TemplateBlockSize >= 128 && tid < 64 {
		cache[tx] += cache[tx+64]
	}
	t.SyncThreads()

	if TemplateBlockSize >= 64 && tid < 32 {
		cache[tx] += cache[tx+32]
	}
	t.SyncThreads()

	// volatile idiom (plain accesses, no SyncWarp), +32 again.
	if tid < 32 {
		cache[tx] += cache[tx+32]
		cache[tx] += cache[tx+16]
		cache[tx] += cache[tx+8]
		cache[tx] += cache[tx+4]
		cache[tx] += cache[tx+2]
		cache[tx] += cache[tx+1]
	}

	if tx == 0 {
		partial[t.BlockIdx.X] = cache[0]
	}
}

// ReductionFixed is ReductionDynamicShared (seed 000) with the three bugs
// fixed: the guards test threadIdx.x, the tree runs with barriers down to
// 64 active threads, and the last warp reduces from 64 values to 1 with
// SyncWarp between every read and the following write (the form that is
// correct under independent thread scheduling; a shuffle version is in the
// reduction package). Any block size that is a power of two from 64 to 1024
// works.
//
// Findings: none. Coalesced load; conflict-free cache accesses; the
// barriers are outside the `if`s; the SyncWarps are reached by all 32 lanes
// of warp 0 (the guard tx < 32 selects whole warp 0) and separate every
// write from the other lanes' reads.
func ReductionFixed(t *simt.Thread, vec, partial []float32, n int) {
	cache := simt.DynamicShared[float32](t)
	tx := t.ThreadIdx.X
	tid := tx + t.BlockIdx.X*t.BlockDim.X

	sum := float32(0)
	for i := tid; i < n; i += t.GridDim.X * t.BlockDim.X {
		sum += vec[i]
	}
	cache[tx] = sum
	t.SyncThreads()

	for s := t.BlockDim.X / 2; s >= 64; s /= 2 {
		if tx < s {
			cache[tx] += cache[tx+s]
		}
		t.SyncThreads()
	}

	if tx < 32 {
		v := cache[tx] + cache[tx+32]
		for offset := 16; offset >= 1; offset /= 2 {
			t.SyncWarp(0xffffffff) // the other lanes' reads of cache[tx] come first
			cache[tx] = v
			t.SyncWarp(0xffffffff) // this write is seen by lane tx-offset
			v += cache[tx+offset]
		}
		if tx == 0 {
			partial[t.BlockIdx.X] = v
		}
	}
}
