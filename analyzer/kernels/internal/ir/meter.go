package ir

import (
	"os"
	"runtime"
	"sync"
	"time"
)

// Meter measures the time the calling goroutine spends between
// StartMeter and Stop, for a context's analysis time (Context.Spent).
//
// With SMEMLINT_CPU_METER=1 in the environment (make bench sets it) it is
// the thread's processor time, which does not grow with the load of the
// machine: checks run in parallel and share the processors with
// everything else. The goroutine stays on its thread meanwhile. Reading
// that clock is a system call, 6-17% of the analysis of the bench mixes,
// so by default the meter reads the wall clock.
type Meter struct {
	start int64
	cpu   bool
}

// cpuMeter reports whether meters read processor time; the environment
// is read once.
var cpuMeter = sync.OnceValue(func() bool { return os.Getenv("SMEMLINT_CPU_METER") == "1" })

// StartMeter starts a Meter; Stop must follow on the same goroutine.
func StartMeter() Meter {
	if !cpuMeter() {
		return Meter{start: time.Now().UnixNano()}
	}
	runtime.LockOSThread()
	return Meter{start: threadTime(), cpu: true}
}

// Stop returns the time measured and lets the goroutine leave its thread.
func (m Meter) Stop() time.Duration {
	if !m.cpu {
		return max(time.Duration(time.Now().UnixNano()-m.start), 0)
	}
	d := time.Duration(threadTime() - m.start)
	runtime.UnlockOSThread()
	return max(d, 0)
}
