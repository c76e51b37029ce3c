package hostile

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/smemlint/smemlint/simt"
)

// A simtCase is a launch that must fail with an error of kind whose text
// contains want, and leave no goroutine behind.
type simtCase struct {
	name   string
	cfg    simt.Config
	kernel func(t *simt.Thread)
	kind   simt.ErrorKind
	want   string
}

var simtCases = []simtCase{
	{"terabyte Shared array", simt.Config{Block: d1(4)}, func(t *simt.Thread) { simt.Shared[[1 << 40]float32](t) },
		simt.KindConfig, "Shared[[1099511627776]float32]: the array is 4294967296 KB; a block may declare at most 48 KB statically on sm_90"},
	{"Shared array over 48 KB", simt.Config{Block: d1(4)}, func(t *simt.Thread) { simt.Shared[[13 << 10]float32](t) },
		simt.KindConfig, "static shared memory 52 KB exceeds the 48 KB a block may declare statically on sm_90"},
	{"Shared arrays adding up past 48 KB", simt.Config{Block: d1(4)}, func(t *simt.Thread) {
		simt.Shared[[8 << 10]float32](t)
		simt.Shared[[5 << 10]float32](t)
	}, simt.KindConfig, "static shared memory 52 KB exceeds"},
	{"static plus dynamic past the maximum", simt.Config{Block: d1(4), SharedBytes: 200 << 10}, func(t *simt.Thread) { simt.Shared[[10 << 10]float32](t) },
		simt.KindConfig, "shared memory 240 KB (static 40 KB + dynamic 200 KB) exceeds the 227 KB per block of sm_90"},
	{"nested Launch", simt.Config{Block: d1(2)}, func(t *simt.Thread) {
		if err := simt.Launch(simt.Config{Grid: d1(1), Block: d1(1)}, func(*simt.Thread) {}); err != nil {
			panic(err)
		}
	}, simt.KindFault, "simt.Launch called inside a kernel"},
	{"kernel panics", simt.Config{Block: d1(32)}, func(t *simt.Thread) {
		if t.ThreadIdx.X == 7 {
			panic("boom")
		}
	}, simt.KindFault, "thread (7,0,0)"},
	{"index out of range", simt.Config{Block: d1(32)}, func(t *simt.Thread) {
		s := simt.Shared[[16]float32](t)
		s[t.ThreadIdx.X] = 1
	}, simt.KindFault, "index out of range [16] with length 16"},
	{"nil dereference", simt.Config{Block: d1(1)}, func(t *simt.Thread) {
		var p *int
		*p = 1
	}, simt.KindFault, "nil pointer dereference"},
	{"integer division by zero", simt.Config{Block: d1(2)}, func(t *simt.Thread) {
		_ = 1 / t.ThreadIdx.X
	}, simt.KindFault, "integer divide by zero"},
	{"barrier in a branch", simt.Config{Block: d1(64)}, func(t *simt.Thread) {
		if t.ThreadIdx.X < 32 {
			t.SyncThreads()
		}
	}, simt.KindDeadlock, "SyncThreads"},
	{"Goexit in a kernel", simt.Config{Block: d1(2)}, func(t *simt.Thread) { runtime.Goexit() },
		simt.KindMisuse, "runtime.Goexit"},
	{"shuffle naming an absent lane", simt.Config{Block: d1(16)}, func(t *simt.Thread) {
		simt.ShflSync(t, 0xffffffff, int32(1), 0)
	}, simt.KindMisuse, "mask"},
	{"Shared under divergent control", simt.Config{Block: d1(4)}, func(t *simt.Thread) {
		if t.ThreadIdx.X != 2 {
			simt.Shared[[4]float32](t)
		}
		simt.Shared[[8]int32](t)
	}, simt.KindMisuse, "Shared called under divergent control"},
	{"pointers in shared memory", simt.Config{Block: d1(4)}, func(t *simt.Thread) { simt.Shared[[4]*int](t) },
		simt.KindMisuse, "holds a ptr; device memory holds plain values only"},
	{"nil kernel", simt.Config{Block: d1(4)}, nil, simt.KindConfig, "nil kernel"},
	{"unknown arch", simt.Config{Block: d1(4), Arch: "sm_66"}, func(*simt.Thread) {}, simt.KindConfig, `Arch: unknown architecture "sm_66"`},
	{"negative block", simt.Config{Block: d1(-4)}, func(*simt.Thread) {}, simt.KindConfig, "block -4x0x0 has a negative dimension"},
	{"zero block", simt.Config{}, func(*simt.Thread) {}, simt.KindConfig, "X must be at least 1"},
	{"negative SharedBytes", simt.Config{Block: d1(4), SharedBytes: -1}, func(*simt.Thread) {}, simt.KindConfig, "SharedBytes is -1; it must not be negative"},
	{"huge SharedBytes", simt.Config{Block: d1(4), SharedBytes: 1 << 62}, func(*simt.Thread) {}, simt.KindConfig, "exceeds the 227 KB per block of sm_90"},
	{"cluster on sm_80", simt.Config{Block: d1(4), Grid: d1(2), Cluster: d1(2), Arch: "sm_80"}, func(*simt.Thread) {}, simt.KindConfig, "sm_80 has no thread block clusters"},
	{"a thread that spins", simt.Config{Block: d1(2), Timeout: 200 * time.Millisecond}, func(t *simt.Thread) {
		for stop := false; t.ThreadIdx.X == 1 && !stop; {
			stop = spinStop.Load()
		}
	}, simt.KindTimeout, "the launch did not finish within 200ms"},
}

// spinStop ends the spinning kernel once its launch has timed out.
var spinStop atomic.Bool

// TestSimulator: kernels that misuse the simulator, and configurations
// it cannot run, fail the launch with a clear error; the process lives.
func TestSimulator(t *testing.T) {
	var cases []hcase
	for _, c := range simtCases {
		cases = append(cases, hcase{name: c.name, check: func(t *testing.T) error {
			cfg := c.cfg
			if cfg.Grid == (simt.Dim3{}) {
				cfg.Grid = d1(1)
			}
			err := simt.Launch(cfg, c.kernel)
			if c.kind == simt.KindTimeout {
				spinStop.Store(true) // let the spinning thread end
			}
			var le *simt.LaunchError
			if !errors.As(err, &le) {
				return fmt.Errorf("Launch = %v, want a *LaunchError", err)
			}
			if le.Kind != c.kind || !strings.Contains(err.Error(), c.want) {
				return fmt.Errorf("Launch = %v (%v), want %v containing %q", err, le.Kind, c.kind, c.want)
			}
			if strings.Contains(err.Error(), "\n") {
				return fmt.Errorf("error of several lines: %q", err)
			}
			return nil
		}})
	}
	cases = append(cases, hcase{name: "goroutine of a kernel calls SyncThreads", check: func(t *testing.T) error {
		ready, done := make(chan struct{}), make(chan struct{})
		err := simt.Launch(simt.Config{Grid: d1(1), Block: d1(2)}, func(t *simt.Thread) {
			if t.ThreadIdx.X == 0 {
				go func() {
					defer close(done)
					<-ready
					t.SyncThreads()
				}()
			} else {
				close(ready)
				<-done
			}
			t.SyncThreads()
		})
		if err == nil || !strings.Contains(err.Error(), "SyncThreads called from a goroutine the kernel started") {
			return fmt.Errorf("Launch = %v", err)
		}
		return nil
	}})
	cases = append(cases, hcase{name: "goroutine of a device function's method value calls SyncWarp", check: func(t *testing.T) error {
		ready, done := make(chan struct{}), make(chan struct{})
		err := simt.Launch(simt.Config{Grid: d1(1), Block: d1(2)}, func(t *simt.Thread) {
			if t.ThreadIdx.X == 0 {
				spawnSync(t, ready, done)
			} else {
				close(ready)
				<-done
			}
			t.SyncThreads()
		})
		if err == nil || !strings.Contains(err.Error(), "SyncWarp called from a goroutine the kernel started") {
			return fmt.Errorf("Launch = %v", err)
		}
		return nil
	}})
	runCases(t, cases)
}

// syncer holds a thread whose method calls the simt API.
type syncer struct{ t *simt.Thread }

func (s syncer) sync() { s.t.SyncWarp(0b11) }

// spawnSync is a device function that starts a goroutine of a method
// value calling SyncWarp, once ready is closed; done closes after it.
func spawnSync(t *simt.Thread, ready, done chan struct{}) {
	f := syncer{t}.sync
	go func() {
		defer close(done)
		<-ready
		f()
	}()
}
