package shmem_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/smemlint/smemlint/examples/shmem"
	"github.com/smemlint/smemlint/simt"
)

func floats(n int, seed uint64) []float32 {
	r := rand.New(rand.NewPCG(seed, 7))
	x := make([]float32, n)
	for i := range x {
		x[i] = r.Float32()
	}
	return x
}

func doubles(n int, seed uint64) []float64 {
	r := rand.New(rand.NewPCG(seed, 9))
	x := make([]float64, n)
	for i := range x {
		x[i] = 2*r.Float64() - 1
	}
	return x
}

func reference(x []float32) float64 {
	s := 0.0
	for _, v := range x {
		s += float64(v)
	}
	return s
}

func near(got float32, want float64) bool {
	return math.Abs(float64(got)-want) <= 1e-5*math.Abs(want)+1e-3
}

// wantLaunchError checks that err is a *simt.LaunchError of the given
// kind whose message contains every one of words (case-insensitive).
func wantLaunchError(t *testing.T, err error, kind simt.ErrorKind, words ...string) {
	t.Helper()
	var le *simt.LaunchError
	if !errors.As(err, &le) {
		t.Fatalf("err = %v (%T), want a *simt.LaunchError", err, err)
	}
	if le.Kind != kind {
		t.Errorf("launch error kind %v, want %v: %v", le.Kind, kind, le)
	}
	msg := strings.ToLower(le.Error())
	for _, w := range words {
		if !strings.Contains(msg, w) {
			t.Errorf("launch error %q does not mention %q", le.Error(), w)
		}
	}
}

// --- Reductions --------------------------------------------------------------

// perThread returns the grid-stride sums of block b's threads, in the
// kernels' order of additions.
func perThread(x []float32, b, blocks, threads int) []float32 {
	out := make([]float32, threads)
	for tid := range out {
		sum := float32(0)
		for i := b*threads + tid; i < len(x); i += blocks * threads {
			sum += x[i]
		}
		out[tid] = sum
	}
	return out
}

// seedBlockZero is what block 0 of the seed's reductions produces in the
// simulator: the tree with barriers down to 32 values (the last step being
// `tid < 32: c[tid] += c[tid+32]`), then the final warp run by lane 0
// alone (no synchronisation point stops it before it writes the result):
// it adds c[32] (a second time) and then c[16], c[8], c[4], c[2], c[1] as
// they were after the barrier.
func seedBlockZero(c []float32) float32 {
	c = append([]float32(nil), c...)
	for s := len(c) / 2; s >= 32; s /= 2 {
		for tid := 0; tid < s; tid++ {
			c[tid] += c[tid+s]
		}
	}
	v := c[0]
	for _, off := range []int{32, 16, 8, 4, 2, 1} {
		v += c[off]
	}
	return v
}

// seedPartials is the simulator's output of the seed's reductions: block 0
// as seedBlockZero, every other block skips the tree (the guards test the
// global tid) and reports its thread 0's own sum.
func seedPartials(x []float32, blocks, threads int) []float32 {
	part := make([]float32, blocks)
	for b := range part {
		c := perThread(x, b, blocks, threads)
		if b == 0 {
			part[b] = seedBlockZero(c)
		} else {
			part[b] = c[0]
		}
	}
	return part
}

type reductionRun func(nums []float32, blocks int) ([]float32, error)

// TestSeedReductions checks the exact (wrong) partial sums that the three
// ported reductions of the seed produce, on one block (where only the
// warp-synchronous hazard and the double count act) and on the seed's 26
// blocks (where the global-tid guards also skip blocks 1..25).
func TestSeedReductions(t *testing.T) {
	kernels := []struct {
		name    string
		run     reductionRun
		threads int
	}{
		{"ReductionKernel", shmem.RunReductionKernel, shmem.ReductionThreads},
		{"ReductionDynamicShared", shmem.RunReductionDynamicShared, shmem.ReductionThreads},
		{"ReductionTemplate", shmem.RunReductionTemplate, shmem.TemplateBlockSize},
	}
	for _, k := range kernels {
		for _, tc := range []struct{ n, blocks int }{
			{1024, 1},
			{3*1024 + 5, 1},
			{shmem.ReductionBlocks * 1024 * 2, shmem.ReductionBlocks},
			{100003, shmem.ReductionBlocks},
		} {
			x := floats(tc.n, uint64(tc.n))
			got, err := k.run(x, tc.blocks)
			if err != nil {
				t.Errorf("%s n=%d blocks=%d: %v", k.name, tc.n, tc.blocks, err)
				continue
			}
			want := seedPartials(x, tc.blocks, k.threads)
			for b := range want {
				if got[b] != want[b] {
					t.Errorf("%s n=%d blocks=%d: partial[%d] = %v, want %v", k.name, tc.n, tc.blocks, b, got[b], want[b])
				}
			}
			if sum, truth := shmem.HostSum(got), reference(x); near(sum, truth) {
				t.Errorf("%s n=%d blocks=%d: sum %v equals the true sum %v: the seed's bugs no longer show", k.name, tc.n, tc.blocks, sum, truth)
			}
		}
	}
}

// TestReductionKernelShortInput: with fewer elements than threads, the
// global-memory reduction's store vec[tid] is out of range (the seed's
// "assume N is large enough"); the simulator reports the panic.
func TestReductionKernelShortInput(t *testing.T) {
	_, err := shmem.RunReductionKernel(floats(1000, 1), shmem.ReductionBlocks)
	wantLaunchError(t, err, simt.KindFault, "index out of range")
}

// TestReductionIfBarrier: the barrier inside `if tid < 512` deadlocks in
// block 0: threads 0..511 wait there, threads 512..1023 skip every `if`
// and exit. (Blocks 1..25 complete: no thread of theirs has tid < 512.)
func TestReductionIfBarrier(t *testing.T) {
	for _, blocks := range []int{1, shmem.ReductionBlocks} {
		_, err := shmem.RunReductionIfBarrier(floats(blocks*1024, 2), blocks)
		wantLaunchError(t, err, simt.KindDeadlock, "shmem.reductionifbarrier", "block (0,0,0)", "divergent barrier",
			"(0..511,0,0)", "(512..1023,0,0)", "exited")
	}
}

func TestReductionFixed(t *testing.T) {
	cases := []struct{ n, blocks int }{
		{1, 1},
		{1024, 1},
		{3*1024 + 5, 1},
		{5000, 7},
		{shmem.ReductionBlocks * 1024 * 2, shmem.ReductionBlocks},
	}
	if !raceEnabled && !testing.Short() {
		cases = append(cases, struct{ n, blocks int }{1 << 20, shmem.ReductionBlocks})
	}
	for _, tc := range cases {
		x := floats(tc.n, uint64(tc.n))
		part, err := shmem.RunReductionFixed(x, tc.blocks)
		if err != nil {
			t.Errorf("n=%d blocks=%d: %v", tc.n, tc.blocks, err)
			continue
		}
		if got, want := shmem.HostSum(part), reference(x); !near(got, want) {
			t.Errorf("n=%d blocks=%d: sum %v, want %v", tc.n, tc.blocks, got, want)
		}
	}
}

// --- Matrix-vector products ------------------------------------------------

func matVecReference(mat, vec []float64, m, n int) []float64 {
	out := make([]float64, m)
	for r := 0; r < m; r++ {
		for c := 0; c < n; c++ {
			out[r] += mat[r*n+c] * vec[c]
		}
	}
	return out
}

// laneZero is the partial product of lane 0 of row r's warp: columns 0,
// 32, 64... in the kernels' order.
func laneZero(mat, vec []float64, r, n int) float64 {
	sum := 0.0
	for c := 0; c < n; c += 32 {
		sum += mat[r*n+c] * vec[c]
	}
	return sum
}

var matVecShapes = []struct{ m, n int }{{1, 32}, {16, 64}, {37, 100}, {100, 257}}

func TestMatVecShuffle(t *testing.T) {
	for _, s := range matVecShapes {
		mat, vec := doubles(s.m*s.n, 1), doubles(s.n, 2)
		got, err := shmem.RunMatVecShuffle(mat, vec, s.m, s.n)
		if err != nil {
			t.Fatalf("%dx%d: %v", s.m, s.n, err)
		}
		want := matVecReference(mat, vec, s.m, s.n)
		for r := range want {
			if math.Abs(got[r]-want[r]) > 1e-9*(1+math.Abs(want[r])) {
				t.Errorf("%dx%d: out[%d] = %v, want %v", s.m, s.n, r, got[r], want[r])
			}
		}
	}
}

// TestMatVecWarpHazard documents the two volatile-idiom versions in the
// simulator: lane 0 of each warp runs to the end before the other lanes
// store their partial products, so every out[row] is lane 0's own partial
// product (the cache words it reads still hold their initial zeros).
func TestMatVecWarpHazard(t *testing.T) {
	kernels := []struct {
		name string
		run  func(mat, vec []float64, m, n int) ([]float64, error)
	}{
		{"MatVecGlobalCache", shmem.RunMatVecGlobalCache},
		{"MatVecSharedCache", shmem.RunMatVecSharedCache},
	}
	for _, k := range kernels {
		for _, s := range matVecShapes {
			mat, vec := doubles(s.m*s.n, 1), doubles(s.n, 2)
			got, err := k.run(mat, vec, s.m, s.n)
			if err != nil {
				t.Fatalf("%s %dx%d: %v", k.name, s.m, s.n, err)
			}
			for r := 0; r < s.m; r++ {
				if want := laneZero(mat, vec, r, s.n); got[r] != want {
					t.Errorf("%s %dx%d: out[%d] = %v, want lane 0's partial %v", k.name, s.m, s.n, r, got[r], want)
				}
			}
		}
	}
}

// --- Exercises -----------------------------------------------------------------

func TestTransposeNaive(t *testing.T) {
	sizes := []struct{ m, n int }{{32, 8}, {64, 48}, {100, 37}, {1, 1}}
	if !raceEnabled && !testing.Short() {
		sizes = append(sizes, struct{ m, n int }{512, 512})
	}
	for _, s := range sizes {
		a := floats(s.m*s.n, 3)
		got, err := shmem.RunTransposeNaive(a, s.m, s.n)
		if err != nil {
			t.Fatalf("%dx%d: %v", s.m, s.n, err)
		}
		for iy := 0; iy < s.n; iy++ {
			for ix := 0; ix < s.m; ix++ {
				if got[ix*s.n+iy] != a[iy*s.m+ix] {
					t.Fatalf("%dx%d: at[%d][%d] = %v, want %v", s.m, s.n, ix, iy, got[ix*s.n+iy], a[iy*s.m+ix])
				}
			}
		}
	}
}

func TestMatMulNaive(t *testing.T) {
	for _, s := range []struct{ m, n, k int }{{32, 8, 1}, {33, 47, 29}, {64, 64, 64}, {128, 96, 80}} {
		a, b := floats(s.m*s.k, 4), floats(s.k*s.n, 5)
		got, err := shmem.RunMatMulNaive(a, b, s.m, s.n, s.k)
		if err != nil {
			t.Fatalf("%dx%dx%d: %v", s.m, s.n, s.k, err)
		}
		for i := 0; i < s.m; i++ {
			for j := 0; j < s.n; j++ {
				want := 0.0
				for kk := 0; kk < s.k; kk++ {
					want += float64(a[i*s.k+kk]) * float64(b[kk*s.n+j])
				}
				if g := float64(got[i*s.n+j]); math.Abs(g-want) > 1e-5*want+1e-5 {
					t.Fatalf("%dx%dx%d: c[%d][%d] = %v, want %v", s.m, s.n, s.k, i, j, g, want)
				}
			}
		}
	}
}
