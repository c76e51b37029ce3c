package simt_test

import (
	"testing"
	"time"

	"github.com/smemlint/smemlint/simt"
)

// BenchmarkThreadNoBarrier measures the cost of a simulated thread that
// synchronises with nobody: a whole block runs on one goroutine.
func BenchmarkThreadNoBarrier(b *testing.B) {
	const blocks, threads = 64, 1024
	out := simt.Malloc[int32](blocks * threads)
	cfg := simt.Config{Grid: simt.Dim3{X: blocks}, Block: simt.Dim3{X: threads}}
	for b.Loop() {
		err := simt.Launch(cfg, func(t *simt.Thread) {
			i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
			out[i] = int32(i)
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*blocks*threads), "ns/thread")
}

// BenchmarkBarrier measures a SyncThreads: every thread parks and resumes.
func BenchmarkBarrier(b *testing.B) {
	const blocks, threads, rounds = 16, 1024, 16
	cfg := simt.Config{Grid: simt.Dim3{X: blocks}, Block: simt.Dim3{X: threads}}
	for b.Loop() {
		err := simt.Launch(cfg, func(t *simt.Thread) {
			for range rounds {
				t.SyncThreads()
			}
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*blocks*threads*rounds), "ns/barrier/thread")
}

// twoPass is the seed's reduction kernel: each thread sums a contiguous
// chunk, the block's partial sums meet in shared memory, and thread 0 adds
// them up.
func twoPass(t *simt.Thread, in, out []float32) {
	shm := simt.Shared[[1024]float32](t)
	tid := t.ThreadIdx.X
	n := len(in) / (t.GridDim.X * t.BlockDim.X)
	start := (t.BlockIdx.X*t.BlockDim.X + tid) * n
	var sum float32
	for _, v := range in[start : start+n] {
		sum += v
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

// BenchmarkTwoPassReduction4M reduces 4M float32 with 1024 blocks of 1024
// threads, then the 1024 partial sums with one block, and reports the
// ratio to a plain Go loop over the same data.
func BenchmarkTwoPassReduction4M(b *testing.B) {
	const blocks, threads = 1024, 1024
	in := simt.Malloc[float32](4 << 20)
	for i := range in {
		in[i] = float32(i % 3)
	}
	partial, total := simt.Malloc[float32](blocks), simt.Malloc[float32](1)
	plain := time.Duration(1 << 62) // the best of a few runs of a plain loop
	var sum float32
	for range 5 {
		start := time.Now()
		for _, v := range in {
			sum += v
		}
		plain = min(plain, time.Since(start))
	}
	for b.Loop() {
		err := simt.Launch(simt.Config{Grid: simt.Dim3{X: blocks}, Block: simt.Dim3{X: threads}},
			func(t *simt.Thread) { twoPass(t, in, partial) })
		if err == nil {
			err = simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: threads}},
				func(t *simt.Thread) { twoPass(t, partial, total) })
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed())/float64(b.N)/float64(plain), "x-plain-go")
	_ = sum
}
