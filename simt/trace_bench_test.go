package simt_test

import (
	"testing"
	"time"

	"github.com/smemlint/smemlint/simt"
)

// seedReduction is seed 001's TwoPassSimpleKernel: each thread sums a
// contiguous chunk with indexed loads, the block's partial sums meet in
// shared memory, and thread 0 adds them up.
func seedReduction(t *simt.Thread, in, out []float32) {
	shm := simt.Shared[[1024]float32](t)
	tid := t.ThreadIdx.X
	n := len(in) / (t.GridDim.X * t.BlockDim.X)
	start := (t.BlockIdx.X*t.BlockDim.X + tid) * n
	var sum float32
	for i := start; i < start+n; i++ {
		sum += in[i]
	}
	shm[tid] = sum
	t.SyncThreads()
	if tid == 0 {
		var total float32
		for i := range t.BlockDim.X {
			total += shm[i]
		}
		out[t.BlockIdx.X] = total
	}
}

// seedReductionTraced is seedReduction as smemlint simcheck instruments
// it: every access becomes a tracing call with its site number, and every
// loop reports its iterations.
func seedReductionTraced(t *simt.Thread, in, out []float32) {
	shm := simt.Shared[[1024]float32](t)
	tid := t.ThreadIdx.X
	n := len(in) / (t.GridDim.X * t.BlockDim.X)
	start := (t.BlockIdx.X*t.BlockDim.X + tid) * n
	var sum float32
	simt.TraceLoop(t, 0)
	for i := start; i < start+n; i++ {
		simt.TraceIter(t, 0)
		sum += (*simt.TraceLoad(t, 0, &in[i]))
	}
	simt.TraceStore(t, 1, &shm[tid], sum)
	t.SyncThreads()
	if tid == 0 {
		var total float32
		simt.TraceLoop(t, 1)
		for i := range t.BlockDim.X {
			simt.TraceIter(t, 1)
			total += (*simt.TraceLoad(t, 2, &shm[i]))
		}
		simt.TraceStore(t, 3, &out[t.BlockIdx.X], total)
	}
}

// seedLoops are the loops around the sites of seedReductionTraced.
var seedLoops = [][]int32{0: {0}, 2: {1}}

// BenchmarkTracedReduction runs seed 001's two-pass reduction over 4M
// floats (1024 blocks of 1024 threads, then one block) plainly and traced,
// and reports the traced run's time as a multiple of the plain run's.
func BenchmarkTracedReduction(b *testing.B) {
	const blocks, threads = 1024, 1024
	in := simt.Malloc[float32](4 << 20)
	for i := range in {
		in[i] = float32(i % 3)
	}
	partial, total := simt.Malloc[float32](blocks), simt.Malloc[float32](1)
	pass := func(k func(*simt.Thread, []float32, []float32), traced bool) time.Duration {
		launch := func(cfg simt.Config, k func(*simt.Thread)) error {
			if traced {
				_, err := simt.LaunchTraced(cfg, k, seedLoops)
				return err
			}
			return simt.Launch(cfg, k)
		}
		start := time.Now()
		err := launch(simt.Config{Grid: simt.Dim3{X: blocks}, Block: simt.Dim3{X: threads}},
			func(t *simt.Thread) { k(t, in, partial) })
		if err == nil {
			err = launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: threads}},
				func(t *simt.Thread) { k(t, partial, total) })
		}
		if err != nil {
			b.Fatal(err)
		}
		return time.Since(start)
	}
	var plain, traced time.Duration
	for b.Loop() {
		plain += pass(seedReduction, false)
		traced += pass(seedReductionTraced, true)
	}
	b.ReportMetric(float64(plain.Milliseconds())/float64(b.N), "ms-plain")
	b.ReportMetric(float64(traced.Milliseconds())/float64(b.N), "ms-traced")
	b.ReportMetric(float64(traced)/float64(plain), "x-plain")
}
