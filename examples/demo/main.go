// Command demo runs every example kernel once in the simulator, on small
// inputs, and prints what happened: the correct kernels agree with a plain
// Go computation, the faulty ones give the wrong result or the launch error
// that smemlint predicts. `make demo` runs it after the analyzer.
package main

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"text/tabwriter"

	"github.com/smemlint/smemlint/examples/histogram"
	"github.com/smemlint/smemlint/examples/matmul"
	"github.com/smemlint/smemlint/examples/reduction"
	"github.com/smemlint/smemlint/examples/shmem"
	"github.com/smemlint/smemlint/examples/transpose"
	"github.com/smemlint/smemlint/simt"
)

var rng = rand.New(rand.NewPCG(1, 2))

func floats(n int) []float32 {
	x := make([]float32, n)
	for i := range x {
		x[i] = rng.Float32()
	}
	return x
}

func doubles(n int) []float64 {
	x := make([]float64, n)
	for i := range x {
		x[i] = 2*rng.Float64() - 1
	}
	return x
}

func sum64(x []float32) float64 {
	s := 0.0
	for _, v := range x {
		s += float64(v)
	}
	return s
}

func near(got, want, rel float64) bool {
	return math.Abs(got-want) <= rel*math.Abs(want)+1e-6
}

// outcome formats a run: "ok", "WRONG: ..." or the launch error.
func outcome(err error, ok bool, wrong string, args ...any) string {
	var le *simt.LaunchError
	switch {
	case errors.As(err, &le):
		return fmt.Sprintf("launch error (%v): %v", le.Kind, le)
	case err != nil:
		return "error: " + err.Error()
	case ok:
		return "ok"
	}
	return "WRONG: " + fmt.Sprintf(wrong, args...)
}

func main() {
	w := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', 0)
	row := func(pkg, kernel, expect, got string) { fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", pkg, kernel, expect, got) }
	row("package", "kernel", "expected", "simulator")

	// reduction (seed 001): 64 Ki floats over 16 blocks.
	x := floats(1 << 16)
	want := sum64(x)
	red := func(name, expect string, run func([]float32, int) (float32, error)) {
		got, err := run(x, 16)
		row("reduction", name, expect, outcome(err, near(float64(got), want, 1e-5), "sum %g, want %g", got, want))
	}
	red("Serial", "correct", func(x []float32, _ int) (float32, error) { return reduction.ReduceBySerial(x) })
	red("TwoPassSimple", "tail dropped (grid < 1024)", reduction.RunTwoPassSimple)
	red("TwoPassInterleaved", "correct", reduction.RunTwoPassInterleaved)
	red("TwoPassSharedOptimized", "correct", reduction.RunTwoPassSharedOptimized)
	red("TwoPassWarpSync", "warp-sync hazard", reduction.RunTwoPassWarpSync)
	red("TwoPassUnroll", "warp-sync hazard", reduction.RunTwoPassUnroll)
	red("TwoPassShuffle", "correct", reduction.RunTwoPassShuffle)
	red("SinglePassMerged", "warp-sync hazard", reduction.RunSinglePassMerged)
	red("SinglePassShuffle", "correct", reduction.RunSinglePassShuffle)
	red("SinglePassAtomic", "correct", reduction.RunSinglePassAtomic)

	// shmem (seed 000): the chapter's 26 blocks of 1024 threads.
	y := floats(shmem.ReductionBlocks * 1024 * 2)
	wantY := sum64(y)
	shr := func(name, expect string, run func([]float32, int) ([]float32, error)) {
		part, err := run(y, shmem.ReductionBlocks)
		got := shmem.HostSum(part)
		row("shmem", name, expect, outcome(err, near(float64(got), wantY, 1e-5), "sum %g, want %g", got, wantY))
	}
	shr("ReductionKernel", "global tid, double add, warp hazard", shmem.RunReductionKernel)
	shr("ReductionIfBarrier", "divergent barrier", shmem.RunReductionIfBarrier)
	shr("ReductionDynamicShared", "global tid, double add, warp hazard", shmem.RunReductionDynamicShared)
	shr("ReductionTemplate", "global tid, double add, warp hazard", shmem.RunReductionTemplate)
	shr("ReductionFixed", "correct", shmem.RunReductionFixed)

	const m, n = 40, 100
	mat, vec := doubles(m*n), doubles(n)
	mv := func(name, expect string, run func(mat, vec []float64, m, n int) ([]float64, error)) {
		got, err := run(mat, vec, m, n)
		ok, bad := err == nil, 0
		for r := 0; err == nil && r < m; r++ {
			ref := 0.0
			for c := 0; c < n; c++ {
				ref += mat[r*n+c] * vec[c]
			}
			if !near(got[r], ref, 1e-9) {
				ok = false
				bad++
			}
		}
		row("shmem", name, expect, outcome(err, ok, "%d of %d rows differ", bad, m))
	}
	mv("MatVecGlobalCache", "warp hazard", shmem.RunMatVecGlobalCache)
	mv("MatVecSharedCache", "warp hazard", shmem.RunMatVecSharedCache)
	mv("MatVecShuffle", "correct", shmem.RunMatVecShuffle)

	a := floats(100 * 37)
	at, err := shmem.RunTransposeNaive(a, 100, 37)
	row("shmem", "TransposeNaive", "stores 32 sectors, ideal 4", outcome(err, err == nil && transposed(a, at, 100, 37), "wrong transpose"))
	mm("shmem", "MatMulNaive", "loads of A 32 sectors, ideal 4", 70, 50, 90, func(a, b []float32, m, k, n int) ([]float32, error) {
		return shmem.RunMatMulNaive(a, b, m, n, k)
	}, row)

	// matmul (seed 002).
	mm("matmul", "MatmulKernel0", "correct", 70, 50, 90, matmul.RunMatmulKernel0, row)
	mm("matmul", "MatmulKernel1 64³", "correct (multiples of 32)", 64, 64, 64, matmul.RunMatmulKernel1, row)
	mm("matmul", "MatmulKernel1 70×64×90", "divergent barrier", 70, 64, 90, matmul.RunMatmulKernel1, row)
	mm("matmul", "MatmulTiled", "correct", 70, 50, 90, matmul.RunMatmulTiled, row)

	// transpose (seed 003): the seed's 128x128.
	img := floats(128 * 128)
	for _, k := range []struct {
		name, expect string
		run          func([]float32, int, int) ([]float32, error)
	}{
		{"TransposeUnpadded16", "8-way conflict", transpose.RunTransposeUnpadded16},
		{"TransposePadded16", "2-way conflict on sm_90", transpose.RunTransposePadded16},
		{"TransposeSwizzled16", "conflict-free", transpose.RunTransposeSwizzled16},
		{"TransposeUnpadded32", "32-way conflict", transpose.RunTransposeUnpadded32},
		{"TransposePadded32", "conflict-free", transpose.RunTransposePadded32},
		{"TransposeSwizzled32", "conflict-free", transpose.RunTransposeSwizzled32},
	} {
		out, err := k.run(img, 128, 128)
		row("transpose", k.name, k.expect, outcome(err, err == nil && transposed(img, out, 128, 128), "wrong transpose"))
	}

	// histogram (seed 004).
	const nbins = 256
	samples := make([]int32, 100000)
	ref := make([]int32, nbins)
	for i := range samples {
		samples[i] = int32(rng.IntN(nbins+8) - 4)
		ref[min(max(int(samples[i]), 0), nbins-1)]++
	}
	for _, k := range []struct {
		name, expect string
		run          func([]int32, int) ([]int32, error)
	}{
		{"ClusterHist", "correct", histogram.RunClusterHist},
		{"ClusterHistNoFinalSync", "cluster fault", histogram.RunClusterHistNoFinalSync},
		{"SharedHist", "correct", func(s []int32, nb int) ([]int32, error) { return histogram.RunSharedHist(s, nb, 16) }},
		{"GlobalHist", "correct", func(s []int32, nb int) ([]int32, error) { return histogram.RunGlobalHist(s, nb, 16) }},
	} {
		got, err := k.run(samples, nbins)
		row("histogram", k.name, k.expect, outcome(err, err == nil && slices.Equal(got, ref), "bins differ"))
	}
	w.Flush()
}

// transposed reports whether out (width rows of height) is the transpose
// of in (height rows of width).
func transposed(in, out []float32, width, height int) bool {
	for y := 0; y < height; y++ {
		for x := 0; x < width; x++ {
			if out[x*height+y] != in[y*width+x] {
				return false
			}
		}
	}
	return true
}

// mm runs one matrix product of a (m×k) and b (k×n) and prints its row.
func mm(pkg, name, expect string, m, k, n int, run func(a, b []float32, m, k, n int) ([]float32, error), row func(pkg, kernel, expect, got string)) {
	a, b := floats(m*k), floats(k*n)
	c, err := run(a, b, m, k, n)
	ok := err == nil
	for i := 0; ok && i < m; i++ {
		for j := 0; j < n; j++ {
			ref := 0.0
			for kk := 0; kk < k; kk++ {
				ref += float64(a[i*k+kk]) * float64(b[kk*n+j])
			}
			if !near(float64(c[i*n+j]), ref, 1e-5) {
				ok = false
				break
			}
		}
	}
	row(pkg, name, expect, outcome(err, ok, "wrong product"))
}
