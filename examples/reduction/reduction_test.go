package reduction_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/smemlint/smemlint/examples/reduction"
)

// seedN is the seed's input size: 4 Mi floats.
const seedN = 4 * 1024 * 1024

// data returns n floats in [0, 1), the same for the same n.
func data(n int) []float32 {
	r := rand.New(rand.NewPCG(uint64(n), 1))
	x := make([]float32, n)
	for i := range x {
		x[i] = r.Float32()
	}
	return x
}

// reference is the plain Go sum, in float64.
func reference(x []float32) float64 {
	s := 0.0
	for _, v := range x {
		s += float64(v)
	}
	return s
}

// near reports whether a float32 sum of non-negative terms is within a
// relative 1e-5 (plus a small absolute slack) of the float64 reference.
func near(got float32, want float64) bool {
	return math.Abs(float64(got)-want) <= 1e-5*want+1e-3
}

// runner is the common shape of the wrappers.
type runner func(input []float32, blocks int) (float32, error)

func TestCorrectKernels(t *testing.T) {
	kernels := []struct {
		name string
		run  runner
	}{
		{"TwoPassInterleaved", reduction.RunTwoPassInterleaved},
		{"TwoPassSharedOptimized", reduction.RunTwoPassSharedOptimized},
		{"TwoPassShuffle", reduction.RunTwoPassShuffle},
		{"SinglePassShuffle", reduction.RunSinglePassShuffle},
		{"SinglePassAtomic", reduction.RunSinglePassAtomic},
	}
	sizes := []struct{ n, blocks int }{
		{1, 1},
		{1000, 1},
		{4096 + 7, 3},
		{100000, 16},
	}
	if !raceEnabled && !testing.Short() {
		sizes = append(sizes, struct{ n, blocks int }{1 << 18, 64})
	}
	for _, k := range kernels {
		for _, sz := range sizes {
			x := data(sz.n)
			got, err := k.run(x, sz.blocks)
			if err != nil {
				t.Errorf("%s n=%d blocks=%d: %v", k.name, sz.n, sz.blocks, err)
				continue
			}
			if want := reference(x); !near(got, want) {
				t.Errorf("%s n=%d blocks=%d: sum %v, want %v", k.name, sz.n, sz.blocks, got, want)
			}
		}
	}
}

// skipSeedShape skips tests that launch the seed's full grid (1 Mi
// simulated threads per launch): under -short, and under the race
// detector.
func skipSeedShape(t *testing.T) {
	t.Helper()
	if testing.Short() || raceEnabled {
		t.Skip("seed shape: 1 Mi simulated threads per launch (skipped with -short and -race)")
	}
}

// TestSeedShape runs, as the seed does (4 Mi floats, 1024 blocks of 1024
// threads, or one thread for the baseline), the kernels without a
// shared-memory tree, which the simulator runs fastest (about 3.5 s for the
// four together on two cores). The kernels with barrier trees and shuffles
// are checked on smaller grids only: at the seed's shape each takes 1 to 2
// s more, thirty times that under -race.
func TestSeedShape(t *testing.T) {
	skipSeedShape(t)
	x := data(seedN)
	want := reference(x)
	kernels := []struct {
		name string
		run  func([]float32) (float32, error)
		tol  float64
	}{
		// One float32 accumulator over 4 Mi terms: the rounding error
		// grows with the running sum.
		{"ReduceBySerial", reduction.ReduceBySerial, 1e-3},
		{"ReduceByTwoPass", reduction.ReduceByTwoPass, 1e-5},
		{"TwoPassInterleaved", func(x []float32) (float32, error) {
			return reduction.RunTwoPassInterleaved(x, reduction.Blocks)
		}, 1e-5},
		// One float32 accumulator again (output[0]), over 1 Mi atomic
		// adds whose order varies from run to run: blocks run in parallel.
		{"SinglePassAtomic", func(x []float32) (float32, error) {
			return reduction.RunSinglePassAtomic(x, reduction.Blocks)
		}, 1e-4},
	}
	for _, k := range kernels {
		got, err := k.run(x)
		if err != nil {
			t.Errorf("%s: %v", k.name, err)
			continue
		}
		if math.Abs(float64(got)-want) > k.tol*want {
			t.Errorf("%s: sum %v, want %v", k.name, got, want)
		}
	}
}

func TestSerialSmall(t *testing.T) {
	for _, n := range []int{1, 10, 1000, 65536} {
		x := data(n)
		got, err := reduction.ReduceBySerial(x)
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		// Same order of additions as the kernel: exactly equal.
		want := float32(0)
		for _, v := range x {
			want += v
		}
		if got != want {
			t.Errorf("n=%d: sum %v, want %v", n, got, want)
		}
	}
}

// TestTwoPassSimple runs the contiguous-chunk kernel. Its second pass
// splits the partial sums into per-thread chunks of blocks/1024 elements,
// so it needs blocks to be a multiple of 1024 (the seed's 1024 blocks):
// with fewer blocks every chunk is empty and the result is exactly 0. And
// n mod (blocks*1024) trailing elements are dropped.
func TestTwoPassSimple(t *testing.T) {
	// A small grid: the first pass is right, the second pass adds nothing.
	x := data(8 * 1024)
	got, err := reduction.RunTwoPassSimple(x, 4)
	if err != nil {
		t.Fatal(err)
	}
	if got != 0 {
		t.Errorf("blocks=4: sum %v, want exactly 0 (empty chunks in the second pass)", got)
	}

	skipSeedShape(t)
	// The seed's grid, on 1 Mi floats (one per thread) and on 2 Mi plus a
	// tail of 1000 elements that is dropped.
	for _, tc := range []struct{ n, counted int }{
		{1 << 20, 1 << 20},
		{2<<20 + 1000, 2 << 20},
	} {
		x := data(tc.n)
		got, err := reduction.RunTwoPassSimple(x, reduction.Blocks)
		if err != nil {
			t.Fatalf("n=%d: %v", tc.n, err)
		}
		if want := reference(x[:tc.counted]); !near(got, want) {
			t.Errorf("n=%d: sum %v, want %v (the first %d elements)", tc.n, got, want, tc.counted)
		}
	}
}

// --- The volatile (warp-synchronous) kernels -------------------------------

// emulateBlock returns what a block of the volatile-idiom kernels writes in
// the simulator, given the per-thread sums of its 1024 threads: the tree
// with barriers down to 64 values q[0..63], then the final warp as the
// simulator runs it, lane 0 alone from start to end (no synchronisation
// point stops it), reading the words of lanes 32, 16, 8, 4, 2, 1 before
// those lanes have run.
func emulateBlock(shm []float32) float32 {
	shm = append([]float32(nil), shm...)
	for s := len(shm) / 2; s > 32; s /= 2 {
		for tid := 0; tid < s; tid++ {
			shm[tid] += shm[tid+s]
		}
	}
	v := shm[0]
	for _, off := range []int{32, 16, 8, 4, 2, 1} {
		v += shm[off]
	}
	return v
}

// lockstep is the same block as a warp in lockstep would compute it (the
// seed's intent): every step reads the previous step's values.
func lockstep(shm []float32) float32 {
	shm = append([]float32(nil), shm...)
	for s := len(shm) / 2; s >= 1; s /= 2 {
		next := append([]float32(nil), shm...)
		for tid := 0; tid < s; tid++ {
			next[tid] = shm[tid] + shm[tid+s]
		}
		shm = next
	}
	return shm[0]
}

// gridStride returns the per-thread sums of the grid-stride loop, block by
// block, in the kernels' order of additions.
func gridStride(x []float32, blocks, threads int) [][]float32 {
	total := blocks * threads
	out := make([][]float32, blocks)
	for b := range out {
		out[b] = make([]float32, threads)
		for tid := range out[b] {
			sum := float32(0)
			for i := b*threads + tid; i < len(x); i += total {
				sum += x[i]
			}
			out[b][tid] = sum
		}
	}
	return out
}

// emulateTwoPass is the simulator's result of a two-pass (or merged
// single-pass) reduction whose blocks end in the volatile final warp.
func emulateTwoPass(x []float32, blocks int, block func([]float32) float32) float32 {
	part := make([]float32, blocks)
	for b, shm := range gridStride(x, blocks, reduction.BlockThreads) {
		part[b] = block(shm)
	}
	return block(gridStride(part, 1, reduction.BlockThreads)[0])
}

// TestWarpSyncHazard documents what the volatile final warp gives in the
// simulator: each block's sum is q0+q32+q16+q8+q4+q2+q1 (7 of its 64
// partial sums), exactly, and far from the true sum. In lockstep (the
// seed's assumption) it would have been right.
func TestWarpSyncHazard(t *testing.T) {
	kernels := []struct {
		name string
		run  runner
	}{
		{"TwoPassWarpSync", reduction.RunTwoPassWarpSync},
		{"TwoPassUnroll", reduction.RunTwoPassUnroll},
		{"SinglePassMerged", reduction.RunSinglePassMerged},
	}
	for _, sz := range []struct{ n, blocks int }{{1024, 1}, {5000, 3}, {100000, 16}} {
		x := data(sz.n)
		want := reference(x)
		hazard := emulateTwoPass(x, sz.blocks, emulateBlock)
		intended := emulateTwoPass(x, sz.blocks, lockstep)
		if !near(intended, want) {
			t.Fatalf("n=%d: lockstep emulation %v, want %v", sz.n, intended, want)
		}
		for _, k := range kernels {
			got, err := k.run(x, sz.blocks)
			if err != nil {
				t.Errorf("%s n=%d: %v", k.name, sz.n, err)
				continue
			}
			if got != hazard {
				t.Errorf("%s n=%d blocks=%d: sum %v, want the lane-0-alone value %v (true sum %v)",
					k.name, sz.n, sz.blocks, got, hazard, want)
			}
			if near(got, want) {
				t.Errorf("%s n=%d: sum %v matches the true sum %v: the hazard is no longer visible", k.name, sz.n, got, want)
			}
		}
	}
}
