// Package reduction ports the reduction ladder of seed 001 (a tutorial on
// summing n floats on a GPU, step by step from one thread to a single-pass
// kernel) to smemlint's simulated SIMT API.
//
// Each step is one kernel. Its doc comment names the seed kernel it comes
// from and states what smemlint should find in it: global-memory sectors per
// request (the figures assume the seed's launch, 1024 blocks of 1024 threads
// over n = 4 Mi floats, on the default sm_90 profile), shared-memory
// wavefronts per request, and barrier or warp-synchronisation hazards.
//
// The seed's timings on the author's GPU, for reference:
//
//	Serial                     100307 us
//	TwoPassSimple                  92 us
//	TwoPassInterleaved             78 us
//	TwoPassSharedOptimized         46 us
//	TwoPassWarpSync                40 us
//	TwoPassUnroll                  38 us
//	SinglePassMerged               39 us
//	SinglePassAtomic             2553 us
//
// Two kernels of the ladder (TwoPassWarpSync and TwoPassUnroll, and
// SinglePassMerged through ReduceSharedMemory) finish the last warp with the
// `volatile` idiom: the lanes of warp 0 exchange partial sums through shared
// memory with no __syncwarp, trusting the warp to run in lockstep. That was
// never guaranteed and is wrong under the independent thread scheduling of
// Volta and later; the simulator, which runs a block's threads one at a time
// between synchronisation points, exposes it with a wrong sum. The tests
// check the exact wrong value. ReduceSharedMemoryByShuffle, TwoPassShuffle
// and SinglePassShuffle are the correct replacements.
package reduction

import "github.com/smemlint/smemlint/simt"

// Launch shape of the seed's host code.
const (
	// ThreadsPerBlock is thread_num_per_block, "tuned" in the seed.
	ThreadsPerBlock = 1024
	// Blocks is block_num, the number of blocks of the first pass.
	Blocks = 1024
	// ShmBytes is the dynamic shared memory per block: one float per thread.
	ShmBytes = ThreadsPerBlock * 4
	// BlockThreads plays the seed's template parameter block_thread_num:
	// the unrolled kernels are written for this block size only.
	BlockThreads = 1024
)

// Serial sums input[0:n] with one thread: seed 001's SerialKernel, the
// baseline of the ladder.
//
// Memory: every request has a single lane, so each load is one sector
// (ideal 1). Nothing to report; it is slow only because it is serial.
func Serial(t *simt.Thread, input, output []float32, n int) {
	sum := float32(0)
	for i := 0; i < n; i++ {
		sum += input[i]
	}
	output[0] = sum
}

// TwoPassSimple is seed 001's TwoPassSimpleKernel: block b sums the b-th
// contiguous part of input, and inside the block every thread sums its own
// contiguous chunk; thread 0 then adds the block's per-thread sums one by
// one. The host launches it twice: over the input, then with one block over
// the per-block sums.
//
// Memory (the expected coalescing finding): a thread's chunk is
// n/gridDim/blockDim consecutive floats, so at any moment the lanes of a
// warp read addresses one chunk apart. With the seed's shape the chunk is 4
// floats: a warp's load spans 512 bytes, 16 sectors per request, ideal 4.
// (A chunk of 8 floats or more gives 32 sectors per request.) The second
// pass has a chunk of 1 float and is coalesced: 4 sectors, ideal 4.
// Shared memory: the store shm[tid] is conflict-free; thread 0's loop reads
// one word per request.
//
// Seed limitation, kept: both divisions truncate, so the last
// n mod (gridDim*blockDim) elements are silently dropped. The second pass
// over Blocks partial sums therefore works only because Blocks is a
// multiple of ThreadsPerBlock; with fewer blocks every thread's chunk is
// empty and the result is 0.
func TwoPassSimple(t *simt.Thread, input, partSum []float32, n int) {
	tid := t.ThreadIdx.X
	bid := t.BlockIdx.X
	shm := simt.DynamicShared[float32](t)

	// n is split into gridDim.x parts; this block handles
	// input[blkBegin:blkEnd] and stores its sum to partSum[bid].
	blkBegin := n / t.GridDim.X * bid
	blkEnd := n / t.GridDim.X * (bid + 1)
	// From here on the block sees its own part as input[0:n] and its
	// result slot as partSum[0] (pointer arithmetic becomes sub-slicing).
	n = blkEnd - blkBegin
	input = input[blkBegin:]
	partSum = partSum[bid:]

	// The part is split again into blockDim.x contiguous chunks, one per
	// thread: input[thrBegin:thrEnd].
	thrBegin := n / t.BlockDim.X * tid
	thrEnd := n / t.BlockDim.X * (tid + 1)
	thrSum := float32(0)
	for i := thrBegin; i < thrEnd; i++ {
		thrSum += input[i] // uncoalesced: lanes are one chunk apart
	}

	shm[tid] = thrSum
	t.SyncThreads()

	// Thread 0 adds the per-thread sums serially.
	if tid == 0 {
		sum := float32(0)
		for i := 0; i < t.BlockDim.X; i++ {
			sum += shm[i]
		}
		partSum[0] = sum
	}
}

// TwoPassInterleaved is seed 001's TwoPassInterleavedKernel: the per-thread
// chunks of TwoPassSimple are replaced by a grid-stride loop, so the lanes
// of a warp read consecutive floats.
//
// Memory: the load input[i] is coalesced, 4 sectors per request (ideal 4).
// Shared memory as in TwoPassSimple: conflict-free store, thread 0 reads
// serially. Correct for every n and every grid size.
func TwoPassInterleaved(t *simt.Thread, input, partSum []float32, n int) {
	tid := t.ThreadIdx.X
	gtid := t.BlockIdx.X*t.BlockDim.X + tid // global thread index
	totalThreadNum := t.GridDim.X * t.BlockDim.X
	shm := simt.DynamicShared[float32](t)

	// Thread gtid adds input[gtid], input[gtid+total], input[gtid+2*total]...
	sum := float32(0)
	for i := gtid; i < n; i += totalThreadNum {
		sum += input[i] // coalesced: lane k reads word base+k
	}

	shm[tid] = sum
	t.SyncThreads()

	if tid == 0 {
		blockSum := float32(0)
		for i := 0; i < t.BlockDim.X; i++ {
			blockSum += shm[i]
		}
		partSum[t.BlockIdx.X] = blockSum
	}
}

// TwoPassSharedOptimized is seed 001's TwoPassSharedOptimizedKernel: the
// serial sum of thread 0 is replaced by a tree in shared memory with
// sequential addressing: at each step the upper half of the active range
// is added onto the lower half.
//
// Memory: loads coalesced (4 sectors, ideal 4). The tree's accesses
// shm[tid] and shm[tid+s] are consecutive words for consecutive lanes:
// conflict-free, 1 wavefront per request (this is why sequential
// addressing beats the interleaved tree with tid*2*s indices). The
// barrier sits outside the `if`, in a loop whose trip count depends only on
// blockDim: no barrier finding. Correct.
func TwoPassSharedOptimized(t *simt.Thread, input, partSum []float32, n int) {
	tid := t.ThreadIdx.X
	gtid := t.BlockIdx.X*t.BlockDim.X + tid
	totalThreadNum := t.GridDim.X * t.BlockDim.X
	shm := simt.DynamicShared[float32](t)

	sum := float32(0)
	for i := gtid; i < n; i += totalThreadNum {
		sum += input[i]
	}
	shm[tid] = sum
	t.SyncThreads()

	// Tree reduction: s active threads each add one pair.
	for s := t.BlockDim.X / 2; s >= 1; s /= 2 {
		if tid < s {
			shm[tid] += shm[tid+s]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		partSum[t.BlockIdx.X] = shm[0]
	}
}

// TwoPassWarpSync is seed 001's TwoPassWarpSyncKernel: the tree stops with
// a barrier at 64 active threads and the last warp finishes without
// barriers, through a `volatile float*` in the seed.
//
// Go has no volatile: the accesses below are plain, and that changes
// nothing, because the idiom's flaw is not the compiler's caching but the
// missing synchronisation. Lane k reads shm[k+16] (written by lane k+16 in
// the previous statement) with no SyncWarp in between: a warp-synchronous
// hazard (smemlint's warpsync finding on every line of the final warp,
// plus a smemrace: lane k reads shm[k+16] while lane k+16 writes it).
// The seed's comment says no __syncwarp is needed without branches; that is
// wrong since Volta's independent thread scheduling.
//
// What the simulator does: it runs the 32 lanes of warp 0 one at a time,
// lane 0 first, each until its next synchronisation point. The final warp
// has none, so lane 0 performs all six additions and writes the result
// before lane 1 starts. With q[i] the value of shm[i] after the last
// barrier, the block's sum comes out as
//
//	q[0] + q[32] + q[16] + q[8] + q[4] + q[2] + q[1]
//
// (in that order, in float32): 7 of the 64 partial sums. The tests check
// this value exactly.
//
// Memory otherwise as TwoPassSharedOptimized: coalesced loads,
// conflict-free shared accesses.
func TwoPassWarpSync(t *simt.Thread, input, partSum []float32, n int) {
	tid := t.ThreadIdx.X
	gtid := t.BlockIdx.X*t.BlockDim.X + tid
	totalThreadNum := t.GridDim.X * t.BlockDim.X
	shm := simt.DynamicShared[float32](t)

	sum := float32(0)
	for i := gtid; i < n; i += totalThreadNum {
		sum += input[i]
	}
	shm[tid] = sum
	t.SyncThreads()

	for s := t.BlockDim.X / 2; s > 32; s /= 2 {
		if tid < s {
			shm[tid] += shm[tid+s]
		}
		t.SyncThreads()
	}

	// The final warp. In the seed: volatile float* vshm = shm. Plain
	// accesses here, and (as in the seed) no SyncWarp between the steps:
	// warp-synchronous hazard.
	if tid < 32 {
		if t.BlockDim.X >= 64 {
			shm[tid] += shm[tid+32]
		}
		shm[tid] += shm[tid+16]
		shm[tid] += shm[tid+8]
		shm[tid] += shm[tid+4]
		shm[tid] += shm[tid+2]
		shm[tid] += shm[tid+1]
		if tid == 0 {
			partSum[t.BlockIdx.X] = shm[0]
		}
	}
}

// TwoPassUnroll is seed 001's TwoPassUnrollKernel<block_thread_num>: the
// tree loop is unrolled for a block size known at compile time. The
// template parameter becomes the package constant BlockThreads (1024), so
// the `if BlockThreads >= ...` tests are constant, as the template's are.
// Launch it with exactly BlockThreads threads per block.
//
// Findings: as TwoPassWarpSync. Loads coalesced (4 sectors, ideal 4); the
// unrolled steps are conflict-free and their barriers are outside the
// thread-dependent `if`s; the final warp keeps the volatile idiom: a
// warp-synchronous hazard, and in the simulator the same wrong sum
// q[0]+q[32]+q[16]+q[8]+q[4]+q[2]+q[1] as TwoPassWarpSync.
func TwoPassUnroll(t *simt.Thread, input, partSum []float32, n int) {
	tid := t.ThreadIdx.X
	gtid := t.BlockIdx.X*t.BlockDim.X + tid
	totalThreadNum := t.GridDim.X * t.BlockDim.X
	shm := simt.DynamicShared[float32](t)

	sum := float32(0)
	for i := gtid; i < n; i += totalThreadNum {
		sum += input[i]
	}
	shm[tid] = sum
	t.SyncThreads()

	if BlockThreads >= 1024 {
		if tid < 512 {
			shm[tid] += shm[tid+512]
		}
		t.SyncThreads()
	}
	if BlockThreads >= 512 {
		if tid < 256 {
			shm[tid] += shm[tid+256]
		}
		t.SyncThreads()
	}
	if BlockThreads >= 256 {
		if tid < 128 {
			shm[tid] += shm[tid+128]
		}
		t.SyncThreads()
	}
	if BlockThreads >= 128 {
		if tid < 64 {
			shm[tid] += shm[tid+64]
		}
		t.SyncThreads()
	}

	// The final warp: volatile idiom, no SyncWarp (warp-synchronous hazard).
	if tid < 32 {
		if t.BlockDim.X >= 64 {
			shm[tid] += shm[tid+32]
		}
		shm[tid] += shm[tid+16]
		shm[tid] += shm[tid+8]
		shm[tid] += shm[tid+4]
		shm[tid] += shm[tid+2]
		shm[tid] += shm[tid+1]
		if tid == 0 {
			partSum[t.BlockIdx.X] = shm[0]
		}
	}
}

// ReduceSharedMemory is seed 001's __device__ ReduceSharedMemory
// <block_thread_num>: the unrolled shared-memory tree of TwoPassUnroll as a
// device function. shm holds one float per thread; the block's sum goes to
// result[0] (the seed's float* result).
//
// Every thread of the block must call it (it contains barriers). Findings
// as TwoPassUnroll: conflict-free, barriers fine, and the volatile final
// warp is a warp-synchronous hazard that the simulator turns into the sum
// q[0]+q[32]+q[16]+q[8]+q[4]+q[2]+q[1].
func ReduceSharedMemory(t *simt.Thread, shm, result []float32) {
	tid := t.ThreadIdx.X
	if BlockThreads >= 1024 {
		if tid < 512 {
			shm[tid] += shm[tid+512]
		}
		t.SyncThreads()
	}
	if BlockThreads >= 512 {
		if tid < 256 {
			shm[tid] += shm[tid+256]
		}
		t.SyncThreads()
	}
	if BlockThreads >= 256 {
		if tid < 128 {
			shm[tid] += shm[tid+128]
		}
		t.SyncThreads()
	}
	if BlockThreads >= 128 {
		if tid < 64 {
			shm[tid] += shm[tid+64]
		}
		t.SyncThreads()
	}

	// The final warp: volatile idiom, no SyncWarp (warp-synchronous hazard).
	if tid < 32 {
		if t.BlockDim.X >= 64 {
			shm[tid] += shm[tid+32]
		}
		shm[tid] += shm[tid+16]
		shm[tid] += shm[tid+8]
		shm[tid] += shm[tid+4]
		shm[tid] += shm[tid+2]
		shm[tid] += shm[tid+1]
		if tid == 0 {
			result[0] = shm[0]
		}
	}
}

// ReduceSharedMemoryByShuffle is seed 001's __device__
// ReduceSharedMemoryByShuffle<block_thread_num>: ReduceSharedMemory with
// the last warp reduced in registers by butterfly shuffles
// (__shfl_xor_sync with the full mask) instead of through shared memory.
//
// Correct: in the final warp lane k reads only shm[k] and shm[k+32], which
// no lane of the warp writes, so the lanes no longer communicate through
// shared memory; the shuffles carry the rest. The full mask is right: the
// guard tid < 32 keeps all 32 lanes of warp 0 and no other warp. No
// findings expected.
func ReduceSharedMemoryByShuffle(t *simt.Thread, shm, result []float32) {
	tid := t.ThreadIdx.X
	if BlockThreads >= 1024 {
		if tid < 512 {
			shm[tid] += shm[tid+512]
		}
		t.SyncThreads()
	}
	if BlockThreads >= 512 {
		if tid < 256 {
			shm[tid] += shm[tid+256]
		}
		t.SyncThreads()
	}
	if BlockThreads >= 256 {
		if tid < 128 {
			shm[tid] += shm[tid+128]
		}
		t.SyncThreads()
	}
	if BlockThreads >= 128 {
		if tid < 64 {
			shm[tid] += shm[tid+64]
		}
		t.SyncThreads()
	}

	// The final warp, in registers.
	if tid < 32 {
		if t.BlockDim.X >= 64 {
			shm[tid] += shm[tid+32] // own word and a word no lane writes
		}
		val := shm[tid]
		val += simt.ShflXorSync(t, 0xffffffff, val, 16)
		val += simt.ShflXorSync(t, 0xffffffff, val, 8)
		val += simt.ShflXorSync(t, 0xffffffff, val, 4)
		val += simt.ShflXorSync(t, 0xffffffff, val, 2)
		val += simt.ShflXorSync(t, 0xffffffff, val, 1)
		if tid == 0 {
			result[0] = val
		}
	}
}

// TwoPassShuffle is TwoPassUnroll (seed 001) with its inlined tree replaced
// by a call of ReduceSharedMemoryByShuffle: the kernel the seed times with
// the shuffle version ("no measurable change" there). Launch it with
// exactly BlockThreads threads per block.
//
// Findings: loads coalesced (4 sectors, ideal 4), shared accesses
// conflict-free, barriers fine, no warp-synchronous hazard. Correct.
func TwoPassShuffle(t *simt.Thread, input, partSum []float32, n int) {
	tid := t.ThreadIdx.X
	gtid := t.BlockIdx.X*t.BlockDim.X + tid
	totalThreadNum := t.GridDim.X * t.BlockDim.X
	shm := simt.DynamicShared[float32](t)

	sum := float32(0)
	for i := gtid; i < n; i += totalThreadNum {
		sum += input[i]
	}
	shm[tid] = sum
	t.SyncThreads()

	ReduceSharedMemoryByShuffle(t, shm, partSum[t.BlockIdx.X:])
}

// SinglePassMerged is seed 001's SinglePassMergedKernel<block_thread_num>:
// both passes in one launch. Every block reduces its part to
// partSum[blockIdx]; the block whose atomic increment of the done-block
// counter returns gridDim-1 knows that all partial sums are written and
// reduces them to output[0].
//
// The seed's `__device__ int32_t done_block_count` becomes doneBlockCount,
// a one-element global slice passed by the host (zero on entry); the last
// block sets it back to 0, as the seed does, so that the next launch can
// reuse it. The `__shared__ bool is_last_block` becomes a Shared[bool]
// declared at the top: thread 0 writes it, every thread reads it after the
// barrier. ThreadFence orders the block's partSum write before its
// increment of the counter.
//
// Findings: loads coalesced; the barrier inside `if *isLastBlock` is under
// a block-uniform condition (a shared value read by all after a barrier),
// so it is not a divergent barrier; the final warp of ReduceSharedMemory is
// a warp-synchronous hazard: in the simulator each block's partial sum and
// the final sum are the 7-term sums described at TwoPassWarpSync.
func SinglePassMerged(t *simt.Thread, input, partSum, output []float32, doneBlockCount []int32, n int) {
	tid := t.ThreadIdx.X
	gtid := t.BlockIdx.X*t.BlockDim.X + tid
	totalThreadNum := t.GridDim.X * t.BlockDim.X
	shm := simt.DynamicShared[float32](t)
	isLastBlock := simt.Shared[bool](t)

	sum := float32(0)
	for i := gtid; i < n; i += totalThreadNum {
		sum += input[i]
	}
	shm[tid] = sum
	t.SyncThreads()

	// This block's sum goes to partSum[blockIdx] (written by thread 0).
	ReduceSharedMemory(t, shm, partSum[t.BlockIdx.X:])

	// Make the partSum write visible to the grid before the counter says
	// this block is done.
	t.ThreadFence()

	if tid == 0 {
		*isLastBlock = simt.AtomicAdd(t, &doneBlockCount[0], 1) == int32(t.GridDim.X-1)
	}
	t.SyncThreads()

	// The last block to finish reduces the partial sums.
	if *isLastBlock {
		sum = 0
		for i := tid; i < t.GridDim.X; i += t.BlockDim.X {
			sum += partSum[i]
		}
		shm[tid] = sum
		t.SyncThreads()
		ReduceSharedMemory(t, shm, output)
		// Every thread of the last block stores 0, as in the seed; all
		// increments are done by now.
		doneBlockCount[0] = 0
	}
}

// SinglePassShuffle is SinglePassMerged (seed 001) with
// ReduceSharedMemoryByShuffle for both reductions: the correct single-pass
// kernel of the ladder.
//
// Findings: loads coalesced, shared accesses conflict-free, the barriers
// inside `if *isLastBlock` are block-uniform, no warp hazard. Correct.
func SinglePassShuffle(t *simt.Thread, input, partSum, output []float32, doneBlockCount []int32, n int) {
	tid := t.ThreadIdx.X
	gtid := t.BlockIdx.X*t.BlockDim.X + tid
	totalThreadNum := t.GridDim.X * t.BlockDim.X
	shm := simt.DynamicShared[float32](t)
	isLastBlock := simt.Shared[bool](t)

	sum := float32(0)
	for i := gtid; i < n; i += totalThreadNum {
		sum += input[i]
	}
	shm[tid] = sum
	t.SyncThreads()

	ReduceSharedMemoryByShuffle(t, shm, partSum[t.BlockIdx.X:])
	t.ThreadFence()

	if tid == 0 {
		*isLastBlock = simt.AtomicAdd(t, &doneBlockCount[0], 1) == int32(t.GridDim.X-1)
	}
	t.SyncThreads()

	if *isLastBlock {
		sum = 0
		for i := tid; i < t.GridDim.X; i += t.BlockDim.X {
			sum += partSum[i]
		}
		shm[tid] = sum
		t.SyncThreads()
		ReduceSharedMemoryByShuffle(t, shm, output)
		doneBlockCount[0] = 0
	}
}

// SinglePassAtomic is seed 001's SinglePassAtomicKernel: every thread adds
// its grid-stride sum straight into output[0] with a global atomicAdd.
//
// Findings: loads coalesced (4 sectors, ideal 4); the atomic is one request
// per warp whose 32 lanes hit one address (1 sector), serialised in the
// memory system: the seed measures 2553 us, the slowest parallel version.
// Correct, but the float sum depends on the order of the atomics: the tests
// compare it with a tolerance.
func SinglePassAtomic(t *simt.Thread, input, output []float32, n int) {
	gtid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	totalThreadNum := t.GridDim.X * t.BlockDim.X

	sum := float32(0)
	for i := gtid; i < n; i += totalThreadNum {
		sum += input[i]
	}
	simt.AtomicAdd(t, &output[0], sum)
}
