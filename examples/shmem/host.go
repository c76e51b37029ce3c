package shmem

import "github.com/smemlint/smemlint/simt"

// Host wrappers: each copies its inputs to global memory, launches one
// kernel with a Config literal whose block shape is a constant (smemlint
// reads launch shapes from these literals) and copies the result back.
// The reduction wrappers take the grid size (the seed uses
// ReductionBlocks) and return the per-block partial sums, which the seed's
// host code adds up on the CPU (HostSum).

func toDevice[E any](host []E, n int) []E {
	d := simt.Malloc[E](max(n, 1))
	copy(d, host)
	return d
}

// HostSum adds the partial sums on the host, as the seed's main does.
func HostSum(partial []float32) float32 {
	sum := float32(0)
	for _, p := range partial {
		sum += p
	}
	return sum
}

// RunReductionKernel launches ReductionKernel<<<blocks, 1024>>> on a copy
// of nums (the kernel overwrites its input). len(nums) must be at least
// blocks*1024, or the kernel's vec[tid] store is out of range.
func RunReductionKernel(nums []float32, blocks int) ([]float32, error) {
	vec, n := toDevice(nums, len(nums)), len(nums)
	partial := simt.Malloc[float32](blocks)
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: blocks}, Block: simt.Dim3{X: ReductionThreads}},
		func(t *simt.Thread) { ReductionKernel(t, vec, partial, n) })
	return partial, err
}

// RunReductionIfBarrier launches ReductionIfBarrier<<<blocks, 1024>>>: it
// deadlocks, and the error is a *simt.LaunchError.
func RunReductionIfBarrier(nums []float32, blocks int) ([]float32, error) {
	vec, n := toDevice(nums, len(nums)), len(nums)
	partial := simt.Malloc[float32](blocks)
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: blocks}, Block: simt.Dim3{X: ReductionThreads}},
		func(t *simt.Thread) { ReductionIfBarrier(t, vec, partial, n) })
	return partial, err
}

// RunReductionDynamicShared launches ReductionDynamicShared<<<blocks, 1024,
// 1024*4>>>.
func RunReductionDynamicShared(nums []float32, blocks int) ([]float32, error) {
	vec, n := toDevice(nums, len(nums)), len(nums)
	partial := simt.Malloc[float32](blocks)
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: blocks}, Block: simt.Dim3{X: ReductionThreads}, SharedBytes: ReductionThreads * 4},
		func(t *simt.Thread) { ReductionDynamicShared(t, vec, partial, n) })
	return partial, err
}

// RunReductionTemplate launches ReductionTemplate<512><<<blocks, 512>>>.
func RunReductionTemplate(nums []float32, blocks int) ([]float32, error) {
	vec, n := toDevice(nums, len(nums)), len(nums)
	partial := simt.Malloc[float32](blocks)
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: blocks}, Block: simt.Dim3{X: TemplateBlockSize}},
		func(t *simt.Thread) { ReductionTemplate(t, vec, partial, n) })
	return partial, err
}

// RunReductionFixed launches ReductionFixed<<<blocks, 1024, 1024*4>>>.
func RunReductionFixed(nums []float32, blocks int) ([]float32, error) {
	vec, n := toDevice(nums, len(nums)), len(nums)
	partial := simt.Malloc[float32](blocks)
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: blocks}, Block: simt.Dim3{X: ReductionThreads}, SharedBytes: ReductionThreads * 4},
		func(t *simt.Thread) { ReductionFixed(t, vec, partial, n) })
	return partial, err
}

// matVecGrid is the seed's grid{(M * 32 + block.x - 1) / block.x}.
func matVecGrid(m int) int { return (m*32 + MatVecBlock - 1) / MatVecBlock }

// RunMatVecGlobalCache computes mat × vec (mat m×n, row-major) with
// MatVecGlobalCache<<<(32m+511)/512, 512>>> and a zeroed global cache.
func RunMatVecGlobalCache(mat, vec []float64, m, n int) ([]float64, error) {
	dmat, dvec := toDevice(mat, m*n), toDevice(vec, n)
	out := simt.Malloc[float64](m)
	grid := matVecGrid(m)
	cache := simt.Malloc[float64](grid * MatVecBlock)
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: grid}, Block: simt.Dim3{X: MatVecBlock}},
		func(t *simt.Thread) { MatVecGlobalCache(t, out, cache, dmat, dvec, m, n) })
	return out, err
}

// RunMatVecSharedCache computes mat × vec with MatVecSharedCache<512>.
func RunMatVecSharedCache(mat, vec []float64, m, n int) ([]float64, error) {
	dmat, dvec := toDevice(mat, m*n), toDevice(vec, n)
	out := simt.Malloc[float64](m)
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: matVecGrid(m)}, Block: simt.Dim3{X: MatVecBlock}},
		func(t *simt.Thread) { MatVecSharedCache(t, out, dmat, dvec, m, n) })
	return out, err
}

// RunMatVecShuffle computes mat × vec with MatVecShuffle.
func RunMatVecShuffle(mat, vec []float64, m, n int) ([]float64, error) {
	dmat, dvec := toDevice(mat, m*n), toDevice(vec, n)
	out := simt.Malloc[float64](m)
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: matVecGrid(m)}, Block: simt.Dim3{X: MatVecBlock}},
		func(t *simt.Thread) { MatVecShuffle(t, out, dmat, dvec, m, n) })
	return out, err
}

// RunTransposeNaive transposes a (n rows of m floats) with TransposeNaive
// on 32×8 blocks and returns the m×n result.
func RunTransposeNaive(a []float32, m, n int) ([]float32, error) {
	da := toDevice(a, m*n)
	at := simt.Malloc[float32](m * n)
	grid := simt.Dim3{X: (m + ExerciseBlockX - 1) / ExerciseBlockX, Y: (n + ExerciseBlockY - 1) / ExerciseBlockY}
	err := simt.Launch(simt.Config{Grid: grid, Block: simt.Dim3{X: ExerciseBlockX, Y: ExerciseBlockY}},
		func(t *simt.Thread) { TransposeNaive(t, at, da, m, n) })
	return at, err
}

// RunMatMulNaive computes a (m×k) × b (k×n) with MatMulNaive on 32×8
// blocks, x along the rows of c.
func RunMatMulNaive(a, b []float32, m, n, k int) ([]float32, error) {
	da, db := toDevice(a, m*k), toDevice(b, k*n)
	c := simt.Malloc[float32](m * n)
	grid := simt.Dim3{X: (m + ExerciseBlockX - 1) / ExerciseBlockX, Y: (n + ExerciseBlockY - 1) / ExerciseBlockY}
	err := simt.Launch(simt.Config{Grid: grid, Block: simt.Dim3{X: ExerciseBlockX, Y: ExerciseBlockY}},
		func(t *simt.Thread) { MatMulNaive(t, c, da, db, m, n, k) })
	return c, err
}
