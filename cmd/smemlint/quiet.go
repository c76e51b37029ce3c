package main

import (
	"bufio"
	"errors"
	"fmt"
	"go/parser"
	"go/scanner"
	"go/token"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"

	"github.com/smemlint/smemlint/internal/driver"
)

// The multichecker reports a package that does not type-check with its
// errors (twice when its test variant is loaded too), then a line for
// every analyzer: "smemlintconfig: analysis skipped due to errors in
// package", then "X: failed prerequisites: Y@pkg, …" for each check
// that needs it — a dozen lines for one mistake. Its output cannot be
// filtered in process (it ends the process with os.Exit), so standalone
// runs that take the multichecker's path run it as a child and copy its
// standard error through quietErrors: one line per cause.

// quietChildEnv marks the child: it runs the multichecker itself.
const quietChildEnv = "SMEMLINT_MULTICHECKER_CHILD"

// consequence matches the multichecker's lines that only repeat another
// line's cause: the package's errors are printed before them, and the
// failing analyzer's own error beside them.
var consequence = regexp.MustCompile(`^[A-Za-z0-9_]+: (failed prerequisites: |analysis skipped due to errors in package$)`)

// runQuietMultichecker runs this command line's multichecker in a child
// and returns its exit code; false when this process is the child (or no
// child can be started) and must run the multichecker itself.
func runQuietMultichecker(args []string, stderr io.Writer) (int, bool) {
	var findings bool
	err, copyErr, ok := runChild(args, func(r io.Reader) (err error) {
		findings, err = quietErrors(r, stderr)
		return err
	})
	if !ok {
		return 0, false
	}
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee) && ee.ExitCode() == exitFindings && !findings && copyErr == nil:
		return exitClean, true // notes only: not findings
	case errors.As(err, &ee) && ee.ExitCode() >= 0:
		return ee.ExitCode(), true
	case errors.As(err, &ee):
		// Ended by a signal: a closed standard output (| head) or one
		// passed on from us; the reader of the output knows why.
		return exitError, true
	case err != nil:
		fmt.Fprintln(stderr, "smemlint:", err)
		return exitError, true
	case copyErr != nil:
		fmt.Fprintln(stderr, "smemlint:", copyErr)
		return exitError, true
	}
	return exitClean, true
}

// quietErrors copies r to w without the lines that repeat a cause, and
// without a second copy of a line: a package and its test variant report
// the same type errors and the same findings (the go vet path drops those
// copies too). A chain's step lines ("pos: \tmessage") are kept: two
// findings may share a step.
//
// A file that does not parse is reported by the parser's every error
// (four lines for one missing parenthesis, each a consequence of the
// first) and by type errors about what the parser could not read: of the
// lines that name a place in such a file, only its first syntax error is
// kept, as the in-process driver keeps it.
//
// It reports whether it copied a finding: a diagnostic that is not a
// note.
func quietErrors(r io.Reader, w io.Writer) (findings bool, err error) {
	seen := map[string]bool{}
	syntax := syntaxErrors{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	bw := bufio.NewWriter(w)
	for sc.Scan() {
		line := driver.CgoNames(sc.Text())
		if consequence.MatchString(line) {
			continue
		}
		// go/packages writes an error without a position as "-: msg"
		// ("-: build constraints exclude all Go files in …"): it is
		// smemlint's, as loadError prints it.
		if rest, ok := strings.CutPrefix(line, "-: "); ok {
			if buildHeader.MatchString(rest) {
				continue // "# pkg" before the go command's build output
			}
			line = "smemlint: " + rest
		}
		// The go command's build output names files relative to the
		// directory; the parser's copy of the same error, absolutely.
		key := absolute(line)
		if !strings.Contains(line, ": \t") {
			if seen[key] {
				continue
			}
			seen[key] = true
		}
		if syntax.later(key) {
			continue
		}
		fmt.Fprintln(bw, line)
		if findingLine.MatchString(line) && !noteLine.MatchString(line) && !strings.Contains(line, ": \t") {
			findings = true
		}
	}
	if err := bw.Flush(); err != nil {
		return findings, err
	}
	return findings, sc.Err()
}

// runChild runs this command line again in a child marked by
// quietChildEnv, its standard error copied through filter, and returns
// what the child's Wait and the filter returned; false when this process
// is the child or no child can be started.
func runChild(args []string, filter func(io.Reader) error) (waitErr, filterErr error, ok bool) {
	if os.Getenv(quietChildEnv) != "" {
		return nil, nil, false
	}
	self, err := os.Executable()
	if err != nil {
		return nil, nil, false
	}
	cmd := exec.Command(self, args...)
	cmd.Env = append(os.Environ(), quietChildEnv+"=1")
	cmd.Stdin, cmd.Stdout = os.Stdin, os.Stdout
	pipe, err := cmd.StderrPipe()
	if err != nil {
		return nil, nil, false
	}
	if err := cmd.Start(); err != nil {
		return nil, nil, false
	}
	defer forwardSignals(cmd)()
	filterErr = filter(pipe)
	return cmd.Wait(), filterErr, true
}

// forwardSignals passes the interrupts and terminations this process gets
// on to cmd, started: a child must not outlive smemlint (a kill aimed at
// smemlint alone would leave it running). The returned function stops.
func forwardSignals(cmd *exec.Cmd) func() {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case s := <-sigs:
				cmd.Process.Signal(s)
			case <-done:
				return
			}
		}
	}()
	return func() {
		signal.Stop(sigs)
		close(done)
	}
}

// syntaxErrors tells the parser's later errors of a file from its first:
// by file, the errors go/packages reports for it (it parses with
// AllErrors), and whether one of them was printed.
type syntaxErrors map[string]*fileSyntax

type fileSyntax struct {
	errs    map[string]bool // the errors' lines, "file:line:col: msg"
	printed bool
}

// errorLine matches a line that names a position in a Go file.
var errorLine = regexp.MustCompile(`^(.+\.go):\d+:\d+: `)

// later reports whether line names a place in a file that does not
// parse, and is not the first of its syntax errors.
func (s syntaxErrors) later(line string) bool {
	m := errorLine.FindStringSubmatch(line)
	if m == nil {
		return false
	}
	fs, ok := s[m[1]]
	if !ok {
		fs = &fileSyntax{}
		s[m[1]] = fs
		_, err := parser.ParseFile(token.NewFileSet(), m[1], nil, parser.AllErrors|parser.ParseComments)
		var list scanner.ErrorList
		if errors.As(err, &list) {
			fs.errs = map[string]bool{}
			for _, e := range list {
				fs.errs[e.Error()] = true
			}
		}
	}
	if fs.errs == nil {
		return false
	}
	if !fs.errs[line] || fs.printed {
		return true
	}
	fs.printed = true
	return false
}

// buildHeader matches the "# pkg" line that starts the go command's
// output for a package.
var buildHeader = regexp.MustCompile(`^# \S+$`)

// absolute returns line with the file it starts with made absolute.
func absolute(line string) string {
	m := errorLine.FindStringSubmatch(line)
	if m == nil || filepath.IsAbs(m[1]) {
		return line
	}
	abs, err := filepath.Abs(m[1])
	if err != nil {
		return line
	}
	return abs + line[len(m[1]):]
}
