package simt_test

import (
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/smemlint/smemlint/simt"
)

// TestTimeout checks that a kernel spinning forever, which the cooperative
// scheduler cannot preempt, makes Launch return a timeout error.
func TestTimeout(t *testing.T) {
	var stop atomic.Bool
	defer stop.Store(true)
	cfg := simt.Config{Grid: simt.Dim3{X: 4}, Block: simt.Dim3{X: 64}, Timeout: 200 * time.Millisecond, Name: "spin"}
	err := simt.Launch(cfg, func(t *simt.Thread) {
		for t.BlockIdx.X == 0 && t.ThreadIdx.X == 3 && !stop.Load() {
		}
	})
	var le *simt.LaunchError
	if !errors.As(err, &le) || le.Kind != simt.KindTimeout {
		t.Fatalf("err = %v, want a timeout", err)
	}
	if le.Thread == nil || *le.Thread != (simt.Dim3{X: 3}) || *le.Block != (simt.Dim3{}) {
		t.Errorf("timeout names block %v thread %v, want block (0,0,0) thread (3,0,0)", le.Block, le.Thread)
	}
	if !strings.Contains(err.Error(), "did not finish within 200ms") {
		t.Errorf("message %q does not state the limit", err)
	}
	// A launch that ends in time is not affected by a Timeout.
	if err := simt.Launch(simt.Config{Grid: simt.Dim3{X: 2}, Block: simt.Dim3{X: 32}, Timeout: time.Minute}, func(*simt.Thread) {}); err != nil {
		t.Errorf("a quick launch with a timeout failed: %v", err)
	}
}

// TestSequential checks that sequential launches make floating-point
// atomics across blocks reproducible: the same sum, bit for bit, every run.
func TestSequential(t *testing.T) {
	in := make([]float32, 64*256)
	for i := range in {
		in[i] = 1 / float32(i+1)
	}
	sum := func() float32 {
		out := simt.Malloc[float32](1)
		cfg := simt.Config{Grid: simt.Dim3{X: 64}, Block: simt.Dim3{X: 256}, Sequential: true}
		if err := simt.Launch(cfg, func(t *simt.Thread) {
			simt.AtomicAdd(t, &out[0], in[t.BlockIdx.X*256+t.ThreadIdx.X])
		}); err != nil {
			t.Fatal(err)
		}
		return out[0]
	}
	first := sum()
	for i := 0; i < 5; i++ {
		if got := sum(); got != first {
			t.Fatalf("run %d: %v, first run %v", i, got, first)
		}
	}
	var want float32 // the same additions in block and thread order
	for _, v := range in {
		want += v
	}
	if first != want {
		t.Errorf("sequential sum %v, want %v (thread order)", first, want)
	}
}
