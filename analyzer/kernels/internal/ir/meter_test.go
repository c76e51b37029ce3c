package ir

import (
	"runtime"
	"testing"
	"time"
)

// TestMeterCountsWork wants the work of the goroutine measured and its
// waiting not: a context's time must not grow with the machine's load.
func TestMeterCountsWork(t *testing.T) {
	t.Setenv("SMEMLINT_CPU_METER", "1") // read at the first meter
	m := StartMeter()
	x := 0
	for i := range 20_000_000 {
		x += i & 3
	}
	busy := m.Stop()
	if busy <= 0 {
		t.Errorf("a busy loop (%d) measured %v, want more than 0", x, busy)
	}
	m = StartMeter()
	time.Sleep(100 * time.Millisecond)
	slept := m.Stop()
	if runtime.GOOS == "linux" && slept >= 50*time.Millisecond {
		t.Errorf("sleeping 100 ms measured %v of processor time, want almost none", slept)
	}
}
