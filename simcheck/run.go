package simcheck

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/smemlint/smemlint/simt"
)

// Options say what to check and how to run the tests.
type Options struct {
	Dir   string // where the patterns are resolved; "" is the current directory
	Run   string // go test -run
	Short bool   // go test -short
	// Strict makes a site with a prediction that no test executed a
	// disagreement.
	Strict bool
	// Work keeps the instrumented files, the overlay and the traces, and
	// names their directory on standard error.
	Work bool
	// TestOutput receives the output of go test; nil discards it unless
	// the tests fail.
	TestOutput io.Writer
	// Timeout bounds the traced tests (go test -timeout, and a kill of
	// their process group a little after); 0 means DefaultTimeout.
	Timeout time.Duration
	// LaunchTimeout bounds every launch of the traced tests that sets no
	// Config.Timeout, so that a spinning kernel fails its test; 0 means
	// DefaultLaunchTimeout, negative means no bound.
	LaunchTimeout time.Duration
}

// The default bounds: a traced run of the examples takes seconds, a
// launch well under one.
const (
	DefaultTimeout       = 5 * time.Minute
	DefaultLaunchTimeout = time.Minute
)

// Check instruments the packages that patterns name, runs their tests
// traced and compares what they measured with what smemlint predicts.
func Check(patterns []string, opts Options) (*Report, error) {
	return CheckContext(context.Background(), patterns, opts)
}

// CheckContext is Check; when ctx ends, the traced tests' whole process
// group is killed and every temporary file removed before it returns.
func CheckContext(ctx context.Context, patterns []string, opts Options) (*Report, error) {
	l, err := load(opts.Dir, patterns)
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "simcheck-")
	if err != nil {
		return nil, err
	}
	if opts.Work {
		fmt.Fprintln(os.Stderr, "WORK="+tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	overlay, err := writeOverlay(tmp, l)
	if err != nil {
		return nil, err
	}
	traces := filepath.Join(tmp, "traces")
	if err := os.Mkdir(traces, 0o755); err != nil {
		return nil, err
	}
	if err := goTest(ctx, patterns, overlay, traces, l.traceArch, opts); err != nil {
		return nil, err
	}
	launches, err := readTraces(traces)
	if err != nil {
		return nil, err
	}
	return compare(l.sites, l.findings, launches, opts.Strict), nil
}

// writeOverlay writes the instrumented files and the overlay that puts
// them in the place of the originals, and returns the overlay's name.
func writeOverlay(dir string, l *loaded) (string, error) {
	replace := map[string]string{}
	var loops int32
	for i, u := range l.units {
		src, err := os.ReadFile(u.name)
		if err != nil {
			return "", err
		}
		out, err := instrument(u.fset, u.info, u.pkg, u.file, src, u.nodes, &loops)
		if err != nil {
			return "", fmt.Errorf("instrumenting %s: %v", u.name, err)
		}
		if out == nil {
			continue
		}
		name := filepath.Join(dir, fmt.Sprintf("%03d-%s", i, filepath.Base(u.name)))
		if err := os.WriteFile(name, out, 0o644); err != nil {
			return "", err
		}
		replace[u.name] = name
	}
	data, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		return "", err
	}
	name := filepath.Join(dir, "overlay.json")
	return name, os.WriteFile(name, data, 0o644)
}

// goTest runs the packages' tests with the overlay, tracing into traces.
// go test and everything it starts run in a process group of their own,
// killed as a whole when ctx ends or the timeout passes.
func goTest(ctx context.Context, patterns []string, overlay, traces, traceArch string, opts Options) error {
	timeout, launchTimeout := opts.Timeout, opts.LaunchTimeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	if launchTimeout == 0 {
		launchTimeout = DefaultLaunchTimeout
	}
	args := []string{"test", "-overlay=" + overlay, "-vet=off", "-count=1", "-timeout=" + timeout.String()}
	if opts.Short {
		args = append(args, "-short")
	}
	if opts.Run != "" {
		args = append(args, "-run", opts.Run)
	}
	args = append(args, patterns...)
	// go test's own -timeout starts when a test binary runs; this bound
	// covers building too, and whatever ignores the first.
	ctx, cancel := context.WithTimeout(ctx, timeout+30*time.Second)
	defer cancel()
	// go's work directory goes inside simcheck's, which is removed on
	// every exit path: a go command interrupted while it builds ends at
	// once, leaving its go-build* directory behind.
	gotmp := filepath.Join(filepath.Dir(traces), "gotmp")
	if err := os.Mkdir(gotmp, 0o755); err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = opts.Dir
	cmd.Env = append(os.Environ(), simt.TraceEnv+"="+traces, simt.TraceArchEnv+"="+traceArch, "GOTMPDIR="+gotmp)
	if launchTimeout > 0 {
		cmd.Env = append(cmd.Env, simt.LaunchTimeoutEnv+"="+launchTimeout.String())
	}
	ownGroup(cmd)
	cmd.WaitDelay = 5 * time.Second
	var buf bytes.Buffer
	if opts.TestOutput != nil {
		cmd.Stdout, cmd.Stderr = io.MultiWriter(&buf, opts.TestOutput), io.MultiWriter(&buf, opts.TestOutput)
	} else {
		cmd.Stdout, cmd.Stderr = &buf, &buf
	}
	err := cmd.Run()
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return fmt.Errorf("the traced tests did not finish within %v (-timeout); killed", timeout)
	case ctx.Err() != nil:
		return fmt.Errorf("interrupted; the traced tests were killed: %w", ctx.Err())
	case err != nil && strings.Contains(buf.String(), "panic: test timed out after"):
		return fmt.Errorf("the traced tests did not finish within %v (-timeout); still running: %s",
			timeout, strings.Join(runningTests(buf.String()), ", "))
	case err != nil:
		out := buf.String()
		if opts.TestOutput != nil {
			out = "(see above)"
		}
		return fmt.Errorf("the traced tests failed (%v):\n%s", err, strings.TrimSpace(out))
	}
	return nil
}

// runningTests returns the tests that go test's timeout panic lists as
// running, "TestSleep (2s)" each.
func runningTests(out string) []string {
	_, rest, ok := strings.Cut(out, "running tests:\n")
	if !ok {
		return []string{"?"}
	}
	var names []string
	for _, line := range strings.Split(rest, "\n") {
		if !strings.HasPrefix(line, "\t") {
			break
		}
		names = append(names, strings.TrimSpace(line))
	}
	return names
}

// readTraces reads every launch the traced tests wrote.
func readTraces(dir string) ([]*simt.TraceLaunch, error) {
	files, err := filepath.Glob(filepath.Join(dir, "trace-*.jsonl"))
	if err != nil {
		return nil, err
	}
	var out []*simt.TraceLaunch
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			var tl simt.TraceLaunch
			if err := json.Unmarshal(sc.Bytes(), &tl); err != nil {
				f.Close()
				return nil, fmt.Errorf("%s: %v", name, err)
			}
			out = append(out, &tl)
		}
		err = sc.Err()
		f.Close()
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}
