package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/smemlint/smemlint/analyzer/config"
)

// vetVersion answers go vet's "-V=full" handshake. go vet runs it once per
// invocation, in its own working directory, and keys its cache of every
// package's result on the answer. So this is where smemlint:
//
//   - folds the configuration files into that key (go vet knows nothing of
//     smemlint.conf, and would replay results computed under an old one):
//     the one that applies to the working directory, those below it and
//     those that apply to the directories go vet was given;
//   - rejects a malformed configuration file that applies to the packages
//     go vet was given (vetScopes), or a bad -arch or -bankmode given to
//     go vet, once, in one line, before any package is vetted. A file
//     that applies to none of them does not fail the run: each package's
//     own run (preflight) reads the one nearest its directory.
//
// go vet does not pass its flags to the handshake; on Linux they are read
// from its command line (/proc/PPID/cmdline). Elsewhere every package's
// run rejects them (preflight).
//
// When the handshake fails, go vet prints what the tool wrote and then a
// line of its own ("go: error obtaining buildID for …: exit status 1").
// Under go vet the error is therefore left without its newline, so that
// go's words end the same line: one line, starting with the cause.
func vetVersion(stdout, stderr io.Writer) int {
	args := parentArgs()
	fail := func(err error) int {
		if args != nil {
			fmt.Fprintf(stderr, "smemlint: %v; ", err)
		} else {
			fmt.Fprintln(stderr, "smemlint:", err)
		}
		return exitError
	}
	if err := checkGoOptions(args); err != nil {
		return fail(err)
	}
	if err := checkConfigFiles(vetScopes(args)); err != nil {
		return fail(err)
	}
	exe, err := os.Executable()
	var sum []byte
	if err == nil {
		sum, err = executableHash(exe, time.Now())
	}
	if err != nil {
		return fail(err)
	}
	h := sha256.New()
	fmt.Fprintf(h, "executable sha256 %x\n", sum)
	hashConfigFiles(h, vetScopes(args))
	fmt.Fprintf(stdout, "%s version devel comments-go-here buildID=%02x\n", exe, h.Sum(nil))
	return exitClean
}

// checkGoOptions checks the -arch and -bankmode that the go command's
// arguments give.
func checkGoOptions(args []string) error {
	if len(args) == 0 {
		return nil
	}
	if err := setOptionFlags(args); err != nil {
		return err
	}
	return config.CheckFlags()
}

// vetFlagsHandshake checks go vet's options at its first handshake
// (-flags), before go vet builds anything, and reports whether it found
// a bad one: the caller then exits 1 and go vet exits 2. A failure at the
// later handshake (-V=full) ends go vet while it compiles dependencies,
// with exit status 1: go adds "go: error obtaining buildID for …", and,
// as it removes its work directory while compilers still write there,
// often a line of its own ("go: unlinkat /tmp/go-build…: directory not
// empty"), which no tool can prevent.
//
// go vet discards what the tool writes here, so the error goes to go
// vet's own standard error, left open for go's "-flags failed" to end
// the line. It is written through a duplicate of go's descriptor
// (parentStderr) where the kernel allows it: the write is then go's, at
// its offset, whatever the descriptor is. Elsewhere it is written through
// /proc/PPID/fd/2, which opens the file anew, and only where that is safe:
// a pipe, a terminal or a file opened for appending, which two writers
// share in order (a file opened with 2> is not: go would write over the
// error from its own offset); otherwise -V=full reports the mistake.
func vetFlagsHandshake() bool {
	args := parentArgs()
	if args == nil {
		return false
	}
	err := checkGoOptions(args)
	if err == nil {
		err = checkConfigFiles(vetScopes(args))
	}
	if err == nil {
		return false
	}
	if f, perr := parentStderr(); perr == nil {
		defer f.Close()
		_, werr := fmt.Fprintf(f, "smemlint: %v; ", err)
		return werr == nil
	}
	name := fmt.Sprintf("/proc/%d/fd/2", os.Getppid())
	st, serr := os.Stat(name)
	if serr != nil || st.Mode()&(fs.ModeNamedPipe|fs.ModeCharDevice) == 0 && !(st.Mode().IsRegular() && parentStderrAppends()) {
		return false
	}
	f, ferr := os.OpenFile(name, os.O_WRONLY|os.O_APPEND, 0)
	if ferr != nil {
		return false
	}
	defer f.Close()
	_, werr := fmt.Fprintf(f, "smemlint: %v; ", err)
	return werr == nil
}

// parentStderrAppends reports whether the parent's standard error is open
// for appending (2>>file): then every write lands at the end, ours and
// go's in turn.
func parentStderrAppends() bool {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/fdinfo/2", os.Getppid()))
	if err != nil {
		return false
	}
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, "flags:"); ok {
			flags, err := strconv.ParseUint(strings.TrimSpace(v), 8, 64)
			return err == nil && flags&syscall.O_APPEND != 0
		}
	}
	return false
}

// confScope is where the packages of one of go vet's patterns lie: a
// directory, and with below, the directories under it.
type confScope struct {
	dir   string
	below bool
}

// vetScopes returns where the packages that go vet's arguments name lie:
// the directory of each pattern that is a path (./k, ../m/..., /abs/p),
// or the working directory when no pattern is (go vet alone, or import
// paths, whose packages are looked up in the working directory's module).
// It returns nil when go vet's arguments cannot be read: each package's
// run then checks its own configuration file.
func vetScopes(args []string) []confScope {
	if args == nil {
		return nil
	}
	var out []confScope
	for _, a := range args {
		if !strings.HasPrefix(a, ".") && !filepath.IsAbs(a) {
			continue
		}
		d, below := strings.CutSuffix(a, "...")
		if d = strings.TrimSuffix(d, "/"); d == "" {
			d = "."
		}
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			out = append(out, confScope{d, below})
		}
	}
	if len(out) == 0 {
		out = []confScope{{".", false}}
	}
	return out
}

// checkConfigFiles parses the configuration files that apply to the
// packages of the scopes.
func checkConfigFiles(scopes []confScope) error {
	for _, sc := range scopes {
		confs, err := configFiles(sc.dir, sc.below)
		if err != nil {
			return err
		}
		for _, p := range confs {
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			if _, err := config.Parse(p, data); err != nil {
				return err
			}
		}
	}
	return nil
}

// hashConfigFiles writes to h the names and contents of the configuration
// files that may apply to a package go vet checks: those of the scopes,
// and those at, above and below the working directory. A file that cannot
// be read is hashed as its error, so that mending it renews the key.
func hashConfigFiles(h io.Writer, scopes []confScope) {
	seen := map[string]bool{}
	for _, sc := range append([]confScope{{".", true}}, scopes...) {
		confs, err := configFiles(sc.dir, sc.below)
		if err != nil {
			fmt.Fprintf(h, "%v\n", err)
		}
		for _, p := range confs {
			if seen[p] {
				continue
			}
			seen[p] = true
			data, err := os.ReadFile(p)
			if err != nil {
				data = []byte(err.Error())
			}
			fmt.Fprintf(h, "%s\n%d\n", p, len(data))
			h.Write(data)
		}
	}
}

func hashFile(h io.Writer, name string) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(h, f)
	return err
}

// configFiles lists the configuration file that applies to dir and, with
// below, those in the directories below it that the go command would
// match with dir/... (it skips directories whose names start with . or _,
// and testdata).
func configFiles(dir string, below bool) ([]string, error) {
	var out []string
	up, err := config.Find(dir)
	if err != nil {
		return nil, err
	}
	if up != "" {
		out = append(out, up)
	}
	if !below {
		return out, nil
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	err = filepath.WalkDir(abs, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // unreadable directories hold no configuration go vet reads either
		}
		if d.IsDir() {
			n := d.Name()
			if p != abs && (strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") || n == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Name() == config.FileName && p != up {
			out = append(out, p)
		}
		return nil
	})
	return out, err
}

// parentArgs returns the command line of the process that started this
// one when it is a go command, nil when it cannot be read.
func parentArgs() []string {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", os.Getppid()))
	if err != nil {
		return nil
	}
	args := strings.Split(string(bytes.TrimRight(data, "\x00")), "\x00")
	if len(args) < 2 || filepath.Base(args[0]) != "go" {
		return nil
	}
	return args[1:]
}
