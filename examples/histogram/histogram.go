// Package histogram ports the distributed-shared-memory histogram of seed
// 004 (thread block clusters, compute capability 9.0) to smemlint's
// simulated SIMT API, with the two classic alternatives the seed describes:
// a histogram in each block's own shared memory, and one built with global
// atomics alone.
//
// All kernels count int32 samples into nbins int32 bins; a sample below 0
// counts in bin 0 and one at or above nbins in bin nbins-1. The bin index is
// data dependent, so smemlint reports nothing about the bank conflicts or
// sectors of the atomics (it does not guess); the interesting checks here
// are the cluster rules and the barriers.
package histogram

import "github.com/smemlint/smemlint/simt"

// Launch shape. The seed leaves threads_per_block open and uses a cluster
// of 2 blocks "as an example".
const (
	Threads     = 256 // threads per block
	ClusterSize = 2   // blocks per cluster
)

// ClusterHist is seed 004's clusterHist_kernel: the histogram is spread
// over the shared memory of the blocks of a cluster, binsPerBlock bins in
// each (dynamic shared memory, binsPerBlock*4 bytes). A thread adds each of
// its samples to the bin's owner block through distributed shared memory
// (map_shared_rank + atomicAdd); at the end each block adds its slice of
// the cluster's histogram to the global bins. nbins must equal
// ClusterSize*binsPerBlock.
//
// The two cluster.sync() calls are what the seed's rules require: the
// first guarantees that every block of the cluster is running and has
// zeroed its bins before anyone touches them remotely; the last that no
// block exits (releasing its shared memory) while others may still add to
// it. Findings: cluster check satisfied; the zeroing and final loops are
// coalesced and conflict-free (smem[i], i = tx + k*blockDim). Correct.
//
// The seed also reads cluster.block_rank() into clusterBlockRank and
// cluster.dim_blocks().x into cluster_size at the start and never uses
// them; Go would reject the unused variables, so they are left out.
func ClusterHist(t *simt.Thread, bins []int32, nbins, binsPerBlock int, input []int32, arraySize int) {
	smem := simt.DynamicShared[int32](t)
	tid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X // this_grid().thread_rank()
	cluster := t.Cluster()

	// Zero this block's slice of the histogram.
	for i := t.ThreadIdx.X; i < binsPerBlock; i += t.BlockDim.X {
		smem[i] = 0
	}

	// All blocks of the cluster are running and have zeroed their bins.
	cluster.Sync()

	for i := tid; i < arraySize; i += t.BlockDim.X * t.GridDim.X {
		// Find the bin: clamp the sample to [0, nbins).
		ldata := int(input[i])
		binid := ldata
		if ldata < 0 {
			binid = 0
		} else if ldata >= nbins {
			binid = nbins - 1
		}

		// The owner block of the bin, and the bin's place in it.
		dstBlockRank := binid / binsPerBlock
		dstOffset := binid % binsPerBlock

		// That block's shared memory, and the atomic update there.
		dstSmem := simt.MapSharedRankSlice(t, smem, dstBlockRank)
		simt.AtomicAdd(t, &dstSmem[dstOffset], 1)
	}

	// No block may exit while another may still update its bins, and the
	// counts read below must be complete.
	cluster.Sync()

	// Add this block's slice to the global histogram.
	lbins := bins[cluster.BlockRank()*binsPerBlock:]
	for i := t.ThreadIdx.X; i < binsPerBlock; i += t.BlockDim.X {
		simt.AtomicAdd(t, &lbins[i], smem[i])
	}
}

// ClusterHistNoFinalSync is ClusterHist without its final cluster.sync():
// the fault seed 004 warns against. A block that finishes its samples
// reads its own bins while other blocks may still be adding to them, and
// may exit while they still use its shared memory.
//
// Expected finding: cluster (distributed shared memory accessed after the
// last Cluster().Sync() on the path to exit: the remote AtomicAdd is
// followed by no cluster barrier). The simulator reports the fault as a
// *simt.LaunchError.
func ClusterHistNoFinalSync(t *simt.Thread, bins []int32, nbins, binsPerBlock int, input []int32, arraySize int) {
	smem := simt.DynamicShared[int32](t)
	tid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	cluster := t.Cluster()

	for i := t.ThreadIdx.X; i < binsPerBlock; i += t.BlockDim.X {
		smem[i] = 0
	}
	cluster.Sync()

	for i := tid; i < arraySize; i += t.BlockDim.X * t.GridDim.X {
		// Find the bin: clamp the sample to [0, nbins).
		ldata := int(input[i])
		binid := ldata
		if ldata < 0 {
			binid = 0
		} else if ldata >= nbins {
			binid = nbins - 1
		}
		dstBlockRank := binid / binsPerBlock
		dstOffset := binid % binsPerBlock
		dstSmem := simt.MapSharedRankSlice(t, smem, dstBlockRank)
		simt.AtomicAdd(t, &dstSmem[dstOffset], 1)
	}

	// Missing: cluster.Sync(). A plain SyncThreads orders this block's own
	// threads only; it does not wait for the other blocks of the cluster.
	t.SyncThreads()

	lbins := bins[cluster.BlockRank()*binsPerBlock:]
	for i := t.ThreadIdx.X; i < binsPerBlock; i += t.BlockDim.X {
		simt.AtomicAdd(t, &lbins[i], smem[i])
	}
}

// SharedHist is the standard shared-memory histogram seed 004 starts from:
// each block counts its samples into a private copy of all nbins bins in
// its own shared memory (nbins*4 bytes of dynamic shared memory, which is
// what limits nbins), then adds the copy to the global bins.
//
// Findings: none; barriers outside conditionals; zeroing and final loops
// coalesced and conflict-free. Correct.
func SharedHist(t *simt.Thread, bins []int32, nbins int, input []int32, arraySize int) {
	smem := simt.DynamicShared[int32](t)
	tx := t.ThreadIdx.X
	tid := t.BlockIdx.X*t.BlockDim.X + tx

	for i := tx; i < nbins; i += t.BlockDim.X {
		smem[i] = 0
	}
	t.SyncThreads()

	for i := tid; i < arraySize; i += t.BlockDim.X * t.GridDim.X {
		// Find the bin: clamp the sample to [0, nbins).
		ldata := int(input[i])
		binid := ldata
		if ldata < 0 {
			binid = 0
		} else if ldata >= nbins {
			binid = nbins - 1
		}
		simt.AtomicAdd(t, &smem[binid], 1)
	}
	t.SyncThreads()

	for i := tx; i < nbins; i += t.BlockDim.X {
		simt.AtomicAdd(t, &bins[i], smem[i])
	}
}

// GlobalHist is seed 004's fallback for histograms too large for shared
// memory:
// every sample is one atomic add to the global bins.
//
// Findings: none (the atomic's address is data dependent); the input load
// is coalesced, 4 sectors per request (ideal 4). Correct, but every
// sample costs a global atomic.
func GlobalHist(t *simt.Thread, bins []int32, nbins int, input []int32, arraySize int) {
	tid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	for i := tid; i < arraySize; i += t.BlockDim.X * t.GridDim.X {
		// Find the bin: clamp the sample to [0, nbins).
		ldata := int(input[i])
		binid := ldata
		if ldata < 0 {
			binid = 0
		} else if ldata >= nbins {
			binid = nbins - 1
		}
		simt.AtomicAdd(t, &bins[binid], 1)
	}
}
