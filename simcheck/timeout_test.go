package simcheck_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/smemlint/smemlint/simcheck"
)

// TestLaunchTimeout: a kernel that spins fails its traced test with the
// simulator's timeout error instead of hanging simcheck.
func TestLaunchTimeout(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a test binary")
	}
	_, err := simcheck.Check([]string{"./spin"}, simcheck.Options{Dir: "testdata/stuck", LaunchTimeout: time.Second})
	if err == nil || !strings.Contains(err.Error(), "the launch did not finish within 1s") {
		t.Fatalf("Check = %v, want the launch timeout", err)
	}
}

// TestTimeout: a test that never ends is killed after -timeout, and no
// temporary directory is left behind.
func TestTimeout(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a test binary")
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	start := time.Now()
	_, err := simcheck.Check([]string{"./sleep"}, simcheck.Options{Dir: "testdata/stuck", Timeout: 2 * time.Second})
	if err == nil || !strings.Contains(err.Error(), "did not finish within 2s") {
		t.Fatalf("Check = %v, want the timeout", err)
	}
	if d := time.Since(start); d > 2*time.Minute {
		t.Errorf("Check took %v", d)
	}
	left, _ := filepath.Glob(filepath.Join(tmp, "simcheck-*"))
	if len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}

// TestLaunchErrorListed: a launch that fails in a test that passes anyway
// is listed, and the sites it did not measure say so instead of "no test
// executed the site".
func TestLaunchErrorListed(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a test binary")
	}
	r, err := simcheck.Check([]string{"./swallow"}, simcheck.Options{Dir: "testdata/stuck", LaunchTimeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.LaunchErrors) != 1 || r.LaunchErrors[0].Launches != 1 ||
		!strings.Contains(r.LaunchErrors[0].Err, "the launch did not finish within 1s") {
		t.Fatalf("LaunchErrors = %+v, want the one timeout", r.LaunchErrors)
	}
	var b strings.Builder
	if err := simcheck.WriteTable(&b, r, false); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"not executed: no test executed the site in a launch that measured it (1 traced launch failed: see below)",
		"1 traced launch failed; a site measures only what ran before the failure (nothing, after a timeout):\n  simt: kernel swallow.Run.func1",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, b.String())
		}
	}
}

// TestInterruptCleansUp: an interrupt (ctx cancelled, as SIGINT does in
// smemlint simcheck) ends go test and its test binary, and leaves neither
// simcheck's temporary directory nor go's go-build* work directory.
func TestInterruptCleansUp(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a test binary")
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := simcheck.CheckContext(ctx, []string{"./spin"}, simcheck.Options{Dir: "testdata/stuck", LaunchTimeout: -1})
		done <- err
	}()
	// Interrupt once the spinning test binary is linked and about to run.
	deadline := time.Now().Add(3 * time.Minute)
	for {
		if bins, _ := filepath.Glob(filepath.Join(tmp, "simcheck-*", "gotmp", "go-build*", "b*", "spin.test")); len(bins) > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the test binary was not built within 3 minutes")
		}
		time.Sleep(100 * time.Millisecond)
	}
	time.Sleep(time.Second)
	cancel()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "interrupted; the traced tests were killed") {
			t.Fatalf("CheckContext = %v, want the interrupt", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("CheckContext did not return within a minute of the interrupt")
	}
	// No process of the run is left: the test binary ran from tmp.
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range procs {
		if b, err := os.ReadFile(p); err == nil && strings.Contains(string(b), tmp) {
			t.Errorf("still running after the interrupt: %s", strings.ReplaceAll(string(b), "\x00", " "))
		}
	}
	// Nothing is left in TMPDIR: simcheck's directory held go's.
	var left []string
	for range 50 {
		left, _ = filepath.Glob(filepath.Join(tmp, "*"))
		if len(left) == 0 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}
