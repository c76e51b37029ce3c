package simt_test

import (
	"errors"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/smemlint/smemlint/simt"
)

// faulty indexes past the end of out in thread 100 of block 2.
func faulty(t *simt.Thread, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if t.BlockIdx.X == 2 && t.ThreadIdx.X == 100 {
		i = len(out)
	}
	out[i] = 1 // the faulting line
}

type kern struct{ out []float32 }

func (k *kern) run(t *simt.Thread) { faulty(t, k.out) }

var errBoom = errors.New("boom")

func TestFaults(t *testing.T) {
	out := make([]float32, 8*128)
	tests := []struct {
		name   string
		cfg    simt.Config
		kernel func(*simt.Thread)
		check  func(t *testing.T, le *simt.LaunchError)
	}{
		{"index out of range", simt.Config{}, func(t *simt.Thread) { faulty(t, out) }, func(t *testing.T, le *simt.LaunchError) {
			want := "simt: kernel simt_test.faulty, block (2,0,0), thread (100,0,0), at fault_test.go:19: index out of range [1024] with length 1024"
			if le.Error() != want {
				t.Errorf("error\n%v\nwant\n%s", le, want)
			}
			var re runtime.Error
			if !errors.As(le, &re) {
				t.Error("the runtime error is not wrapped")
			}
		}},
		{"Config.Name", simt.Config{Name: "my.Kernel"}, func(t *simt.Thread) { faulty(t, out) }, func(t *testing.T, le *simt.LaunchError) {
			if le.Kernel != "my.Kernel" {
				t.Errorf("Kernel = %q", le.Kernel)
			}
		}},
		{"named function", simt.Config{}, (&kern{out}).run, func(t *testing.T, le *simt.LaunchError) {
			if le.Kernel != "simt_test.(*kern).run" || le.Pos != "fault_test.go:19" {
				t.Errorf("Kernel %q at %q", le.Kernel, le.Pos)
			}
		}},
		{"explicit error panic", simt.Config{}, func(t *simt.Thread) {
			if t.ThreadIdx.X == 5 {
				panic(errBoom)
			}
		}, func(t *testing.T, le *simt.LaunchError) {
			if !errors.Is(le, errBoom) || le.Msg != "boom" || le.Thread == nil || *le.Thread != (simt.Dim3{X: 5}) {
				t.Errorf("got %v (thread %v)", le, le.Thread)
			}
		}},
		{"string panic", simt.Config{}, func(t *simt.Thread) { panic("bad input") }, func(t *testing.T, le *simt.LaunchError) {
			if le.Msg != "bad input" || le.Err != nil || le.Kind != simt.KindFault {
				t.Errorf("got %#v", le)
			}
		}},
		{"nil dereference", simt.Config{}, func(t *simt.Thread) {
			var p *[4]int
			p[t.ThreadIdx.X%4]++
		}, func(t *testing.T, le *simt.LaunchError) {
			if !strings.Contains(le.Msg, "nil pointer dereference") || !strings.HasPrefix(le.Pos, "fault_test.go:") {
				t.Errorf("got %v", le)
			}
		}},
		{"nil Thread", simt.Config{}, func(t *simt.Thread) {
			var nt *simt.Thread
			nt.SyncThreads()
		}, func(t *testing.T, le *simt.LaunchError) {
			if le.Kind != simt.KindMisuse || le.Msg != "SyncThreads called on a nil *Thread" {
				t.Errorf("got %v", le)
			}
		}},
		{"another thread's Thread", simt.Config{}, func(t *simt.Thread) {
			if t.ThreadIdx.X == 0 {
				stash.Store(t)
				return
			}
			stash.Load().LaneID()
		}, func(t *testing.T, le *simt.LaunchError) {
			if le.Kind != simt.KindMisuse || !strings.Contains(le.Msg, "LaneID: the *Thread is not the running kernel thread") {
				t.Errorf("got %v", le)
			}
		}},
		{"Goexit", simt.Config{}, func(t *simt.Thread) {
			if t.ThreadIdx.X == 3 {
				runtime.Goexit()
			}
			t.SyncThreads()
		}, func(t *testing.T, le *simt.LaunchError) {
			if le.Kind != simt.KindMisuse || !strings.Contains(le.Msg, "runtime.Goexit") || *le.Thread != (simt.Dim3{X: 3}) {
				t.Errorf("got %v", le)
			}
		}},
		{"recover swallows the abort", simt.Config{}, func(t *simt.Thread) {
			if t.ThreadIdx.X == 9 {
				panic("first")
			}
			defer func() { recover() }()
			t.SyncThreads()
			t.SyncThreads()
		}, func(t *testing.T, le *simt.LaunchError) {
			if le.Msg != "first" {
				t.Errorf("got %v", le)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			base := runtime.NumGoroutine()
			tc.cfg.Grid, tc.cfg.Block = simt.Dim3{X: 8}, simt.Dim3{X: 128}
			err := simt.Launch(tc.cfg, tc.kernel)
			var le *simt.LaunchError
			if !errors.As(err, &le) {
				t.Fatalf("Launch = %v, want a *LaunchError", err)
			}
			t.Log(err)
			tc.check(t, le)
			checkNoLeak(t, base)
		})
	}
}

var stash atomic.Pointer[simt.Thread]

func TestFaultStopsTheLaunch(t *testing.T) {
	// Threads parked when their block faults unwind: their deferred calls
	// run; threads not started never start.
	base := runtime.NumGoroutine()
	var deferred [1000]atomic.Int32
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: 1000}, Block: simt.Dim3{X: 64}}, func(t *simt.Thread) {
		defer deferred[t.BlockIdx.X].Add(1)
		if t.BlockIdx.X == 3 && t.ThreadIdx.X == 40 {
			panic("stop")
		}
		t.SyncThreads()
	})
	if err == nil || !strings.Contains(err.Error(), "block (3,0,0), thread (40,0,0)") {
		t.Fatalf("Launch = %v", err)
	}
	// Block 3 ran threads 0..40; all of them ran their defers.
	if got := deferred[3].Load(); got != 41 {
		t.Errorf("block 3 ran %d deferred calls, want 41", got)
	}
	checkNoLeak(t, base)
}

func TestErrorIsDeterministic(t *testing.T) {
	// Blocks 5 and 9 both fault; the launch reports the first, whatever
	// the timing.
	for range 20 {
		err := simt.Launch(simt.Config{Grid: simt.Dim3{X: 16}, Block: simt.Dim3{X: 32}}, func(t *simt.Thread) {
			if (t.BlockIdx.X == 5 || t.BlockIdx.X == 9) && t.ThreadIdx.X == 7 {
				panic("x")
			}
			t.SyncThreads()
		})
		if err == nil || !strings.Contains(err.Error(), "block (5,0,0), thread (7,0,0)") {
			t.Fatalf("Launch = %v", err)
		}
	}
}

func TestThreadAfterLaunch(t *testing.T) {
	var kept *simt.Thread
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: 1}}, func(t *simt.Thread) { kept = t })
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		r := recover()
		if r == nil || !strings.Contains(r.(error).Error(), "simt: SyncThreads: the *Thread is not the running kernel thread") {
			t.Errorf("recovered %v", r)
		}
	}()
	kept.SyncThreads()
}
