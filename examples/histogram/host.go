package histogram

import (
	"fmt"

	"github.com/smemlint/smemlint/simt"
)

// Host wrappers: each copies the samples to global memory, launches one
// kernel on blocks of Threads threads and returns the nbins counts.

func toDevice(host []int32) []int32 {
	d := simt.Malloc[int32](max(len(host), 1))
	copy(d, host)
	return d
}

// clusterGrid is the seed's gridDim = array_size / threads_per_block,
// rounded down to a multiple of ClusterSize (a cluster shape must divide
// the grid) and at least one cluster. The kernels' grid-stride loops cover
// the samples whatever the grid.
func clusterGrid(arraySize int) int {
	g := arraySize / Threads / ClusterSize * ClusterSize
	return max(g, ClusterSize)
}

// checkBins enforces the seed's sizing rule nbins_per_block = nbins /
// cluster_size: with an nbins that ClusterSize does not divide, the top
// bins would map to a block rank outside the cluster.
func checkBins(nbins int) error {
	if nbins <= 0 || nbins%ClusterSize != 0 {
		return fmt.Errorf("histogram: nbins %d is not a positive multiple of the cluster size %d", nbins, ClusterSize)
	}
	return nil
}

// RunClusterHist launches ClusterHist the way the seed's cudaLaunchKernelEx
// call does: clusters of ClusterSize blocks, nbins/ClusterSize bins of
// dynamic shared memory per block, on sm_90.
func RunClusterHist(input []int32, nbins int) ([]int32, error) {
	if err := checkBins(nbins); err != nil {
		return nil, err
	}
	in, size := toDevice(input), len(input)
	bins := simt.Malloc[int32](nbins)
	binsPerBlock := nbins / ClusterSize
	err := simt.Launch(simt.Config{
		Grid:        simt.Dim3{X: clusterGrid(size)},
		Block:       simt.Dim3{X: Threads},
		Cluster:     simt.Dim3{X: ClusterSize},
		SharedBytes: binsPerBlock * 4,
		Arch:        "sm_90",
	}, func(t *simt.Thread) { ClusterHist(t, bins, nbins, binsPerBlock, in, size) })
	return bins, err
}

// RunClusterHistNoFinalSync launches ClusterHistNoFinalSync like
// RunClusterHist; the simulator reports its cluster fault.
func RunClusterHistNoFinalSync(input []int32, nbins int) ([]int32, error) {
	if err := checkBins(nbins); err != nil {
		return nil, err
	}
	in, size := toDevice(input), len(input)
	bins := simt.Malloc[int32](nbins)
	binsPerBlock := nbins / ClusterSize
	err := simt.Launch(simt.Config{
		Grid:        simt.Dim3{X: clusterGrid(size)},
		Block:       simt.Dim3{X: Threads},
		Cluster:     simt.Dim3{X: ClusterSize},
		SharedBytes: binsPerBlock * 4,
		Arch:        "sm_90",
	}, func(t *simt.Thread) { ClusterHistNoFinalSync(t, bins, nbins, binsPerBlock, in, size) })
	return bins, err
}

// RunSharedHist launches SharedHist on blocks grid-blocks with nbins*4
// bytes of dynamic shared memory each.
func RunSharedHist(input []int32, nbins, blocks int) ([]int32, error) {
	in, size := toDevice(input), len(input)
	bins := simt.Malloc[int32](nbins)
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: blocks}, Block: simt.Dim3{X: Threads}, SharedBytes: nbins * 4},
		func(t *simt.Thread) { SharedHist(t, bins, nbins, in, size) })
	return bins, err
}

// RunGlobalHist launches GlobalHist on blocks blocks.
func RunGlobalHist(input []int32, nbins, blocks int) ([]int32, error) {
	in, size := toDevice(input), len(input)
	bins := simt.Malloc[int32](nbins)
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: blocks}, Block: simt.Dim3{X: Threads}},
		func(t *simt.Thread) { GlobalHist(t, bins, nbins, in, size) })
	return bins, err
}
