package hostile

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// bin is the smemlint binary the suite drives, built once by TestMain;
// scratch holds it and the modules the cases write.
var bin, scratch string

// The suite's tally, printed after the run.
var tally struct{ cases, ok, pending, failed atomic.Int32 }

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "hostile-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "hostile:", err)
		os.Exit(1)
	}
	scratch = dir
	bin = filepath.Join(dir, "smemlint")
	build := exec.Command("go", "build", "-o", bin, "github.com/smemlint/smemlint/cmd/smemlint")
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "hostile: building smemlint: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	if tally.cases.Load() > 0 {
		fmt.Printf("hostile: %d cases, %d ok, %d pending (known failures), %d failed\n",
			tally.cases.Load(), tally.ok.Load(), tally.pending.Load(), tally.failed.Load())
	}
	os.Exit(code)
}

// A hcase is one case of the suite: a name, the check (nil error: ok) and,
// for a known failure, the reason it is pending.
type hcase struct {
	name    string
	pending string
	check   func(t *testing.T) error
}

// runCases runs each case as a subtest and tallies it.
func runCases(t *testing.T, cases []hcase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			tally.cases.Add(1)
			err := c.check(t)
			switch {
			case err == nil && c.pending == "":
				tally.ok.Add(1)
			case err == nil:
				tally.failed.Add(1)
				t.Errorf("passes now: remove its pending mark (%s)", c.pending)
			case c.pending != "":
				tally.pending.Add(1)
				t.Skipf("pending (%s): %v", c.pending, err)
			default:
				tally.failed.Add(1)
				t.Error(err)
			}
		})
	}
}

// result is what one run of a command did.
type result struct {
	stdout, stderr string
	code           int
}

// commandTimeout bounds every command the suite runs: a hang is a failure
// of the case, not of the suite.
const commandTimeout = 3 * time.Minute

// run runs name with args in dir, with stdin.
func run(dir, stdin, name string, args ...string) (result, error) {
	return runEnv(dir, stdin, nil, name, args...)
}

// runEnv is run with env (NAME=value) added to the environment.
func runEnv(dir, stdin string, env []string, name string, args ...string) (result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), commandTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	r := result{stdout: out.String(), stderr: errb.String()}
	var ee *exec.ExitError
	switch {
	case ctx.Err() != nil:
		return r, fmt.Errorf("%s %s: did not finish within %v", name, strings.Join(args, " "), commandTimeout)
	case errors.As(err, &ee):
		r.code = ee.ExitCode()
	case err != nil:
		return r, err
	}
	return r, nil
}

// smemlint runs the binary in dir.
func smemlint(dir string, args ...string) (result, error) { return run(dir, "", bin, args...) }

// repoRoot is the repository's root directory.
func repoRoot() string {
	dir, err := filepath.Abs("../..")
	if err != nil {
		panic(err)
	}
	return dir
}

// writeModule writes a module example.com/hostile that uses this
// repository, holding files (relative name to contents), into a new
// temporary directory, and returns it.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir, err := newModule(files)
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// newModule is writeModule for corpora that several cases share: the
// directory lasts until the suite ends.
func newModule(files map[string]string) (string, error) {
	dir, err := os.MkdirTemp(scratch, "mod-")
	if err != nil {
		return "", err
	}
	sum, err := os.ReadFile(filepath.Join(repoRoot(), "go.sum"))
	if err != nil {
		return "", err
	}
	all := map[string]string{
		"go.mod": "module example.com/hostile\n\ngo 1.26.0\n\nrequire github.com/smemlint/smemlint v0.0.0\n\n" +
			"replace github.com/smemlint/smemlint => " + repoRoot() + "\n",
		"go.sum": string(sum),
	}
	for k, v := range files {
		all[k] = v
	}
	for name, data := range all {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			return "", err
		}
	}
	return dir, nil
}

// A diag is one line of findings output: FILE:LINE:COL: MESSAGE.
type diag struct {
	file      string
	line, col int
	msg       string
}

var diagLine = regexp.MustCompile(`^(.+?\.go):(\d+):(\d+): (.*)$`)

// parseDiags reads the findings lines of out.
func parseDiags(out string) []diag {
	var ds []diag
	for _, l := range strings.Split(out, "\n") {
		m := diagLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		ds = append(ds, diag{filepath.Base(m[1]), line, col, m[4]})
	}
	return ds
}

// messagesAt returns the messages of ds on line of file.
func messagesAt(ds []diag, file string, line int) []string {
	var out []string
	for _, d := range ds {
		if d.file == file && d.line == line {
			out = append(out, d.msg)
		}
	}
	sort.Strings(out)
	return out
}

// expectAt checks that exactly the messages on line of file contain want
// (one of them), or that there is none when want is "".
func expectAt(ds []diag, file string, line int, want string) error {
	msgs := messagesAt(ds, file, line)
	if want == "" {
		if len(msgs) > 0 {
			return fmt.Errorf("%s:%d: want no finding, got %q", file, line, msgs)
		}
		return nil
	}
	for _, m := range msgs {
		if strings.Contains(m, want) {
			return nil
		}
	}
	return fmt.Errorf("%s:%d: want a finding containing %q, got %q", file, line, want, msgs)
}

// once caches a computation shared by several cases.
type once[T any] struct {
	sync.Once
	v   T
	err error
}

func (o *once[T]) get(f func() (T, error)) (T, error) {
	o.Do(func() { o.v, o.err = f() })
	return o.v, o.err
}

// oneLine checks that s is one non-empty line containing want.
func oneLine(s, want string) error {
	s = strings.TrimSuffix(s, "\n")
	if s == "" || strings.Contains(s, "\n") || !strings.Contains(s, want) {
		return fmt.Errorf("want one line containing %q, got %q", want, s)
	}
	return nil
}

// firstLine is s up to its first newline.
func firstLine(s string) string {
	first, _, _ := strings.Cut(s, "\n")
	return first
}
