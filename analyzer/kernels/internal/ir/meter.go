package ir

import (
	"runtime"
	"time"
)

// Meter measures the processor time the calling goroutine spends between
// StartMeter and Stop, so that a context's analysis time (Context.Spent)
// does not grow with the load of the machine: checks run in parallel and
// share the processors with everything else. The goroutine stays on its
// thread meanwhile, since the time is the thread's; where the system
// offers no thread clock, it is the time that passed.
type Meter struct {
	start int64
}

// StartMeter starts a Meter; Stop must follow on the same goroutine.
func StartMeter() Meter {
	runtime.LockOSThread()
	return Meter{start: threadTime()}
}

// Stop returns the time measured and lets the goroutine leave its thread.
func (m Meter) Stop() time.Duration {
	d := time.Duration(threadTime() - m.start)
	runtime.UnlockOSThread()
	return max(d, 0)
}
