package simt_test

import (
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/smemlint/smemlint/simt"
)

// TestNestedLaunch: a kernel may not launch another; the inner Launch
// returns an error instead of waiting for goroutines its group holds.
func TestNestedLaunch(t *testing.T) {
	errs := make([]error, 4)
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: 4}}, func(t *simt.Thread) {
		errs[t.ThreadIdx.X] = simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: 1}}, func(*simt.Thread) {})
	})
	if err != nil {
		t.Fatalf("outer Launch: %v", err)
	}
	for i, e := range errs {
		var le *simt.LaunchError
		if !errors.As(e, &le) || le.Kind != simt.KindMisuse || !strings.Contains(e.Error(), "simt.Launch called inside a kernel") {
			t.Errorf("thread %d: inner Launch = %v, want a misuse error", i, e)
		}
	}
}

// TestGoroutineCallsBarrier: a goroutine a kernel starts that calls the
// kernel API fails the launch and ends, instead of panicking where nothing
// recovers and ending the process.
func TestGoroutineCallsBarrier(t *testing.T) {
	base := runtime.NumGoroutine()
	ready, done := make(chan struct{}), make(chan struct{})
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: 2}}, func(t *simt.Thread) {
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
	var le *simt.LaunchError
	if !errors.As(err, &le) || le.Kind != simt.KindMisuse ||
		!strings.Contains(err.Error(), "SyncThreads called from a goroutine the kernel started") {
		t.Fatalf("Launch = %v, want a misuse error naming the goroutine", err)
	}
	checkNoLeak(t, base)
}
