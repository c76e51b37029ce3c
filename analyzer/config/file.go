package config

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/smemlint/smemlint/analyzer/internal/directive"
	"github.com/smemlint/smemlint/model"
)

// FileName is the configuration file smemlint looks for in a package's
// directory and every directory above it; the nearest one applies.
const FileName = "smemlint.conf"

// CheckNames lists every check a configuration file may name in checks.
var CheckNames = []string{"bankconflict", "coalescing", "capacity", "barrier", "warpsync", "smemrace", "globalrace", "shuffle", "cluster", "internalerror", "directives"}

// File is a parsed configuration file. Fields the file does not set are
// nil or empty: the flags' defaults apply to them.
type File struct {
	Path     string
	Arch     *string
	BankMode *int
	Verbose  *bool
	Notes    *bool
	// Checks says which checks report, by name; names the file does not
	// mention report.
	Checks map[string]bool
	// Launch holds the [launch] section: the shape of kernels whose launch
	// smemlint cannot see and that carry no //smemlint:launch directive.
	// Launch.Block[0] is zero when the section is absent.
	Launch directive.Launch
}

// FileError is a malformed configuration file: the file, the line and
// what is wrong with it.
type FileError struct {
	Path string
	Line int
	Err  error
}

func (e *FileError) Error() string { return fmt.Sprintf("%s:%d: %v", e.Path, e.Line, e.Err) }
func (e *FileError) Unwrap() error { return e.Err }

// Find returns the path of the configuration file that applies to the
// packages of dir: the nearest smemlint.conf in dir or above it, or ""
// when there is none.
func Find(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("smemlint: looking for %s: %w", FileName, err)
	}
	for {
		p := filepath.Join(dir, FileName)
		st, err := os.Stat(p)
		switch {
		case err == nil && st.Mode().IsRegular():
			return p, nil
		case err == nil:
			return "", &FileError{Path: p, Line: 0, Err: errors.New("not a regular file")}
		case !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, fs.ErrPermission) && !isNotDir(err):
			return "", fmt.Errorf("smemlint: %w", err)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}

// isNotDir reports an error of stat on a path under a regular file.
func isNotDir(err error) bool {
	var pe *fs.PathError
	return errors.As(err, &pe) && strings.Contains(pe.Err.Error(), "not a directory")
}

// Load reads the configuration file that applies to dir (see Find). It
// returns nil, nil when there is none.
func Load(dir string) (*File, error) {
	p, err := Find(dir)
	if err != nil || p == "" {
		return nil, err
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("smemlint: %w", err)
	}
	return Parse(p, data)
}

// Parse parses the text of a configuration file. The format is lines of
// key = value, # comments, and one optional [launch] section:
//
//	arch = sm_80
//	bankmode = 4
//	verbose = false
//	notes = true
//	checks = all, -smemrace
//
//	[launch]
//	block = 256
//	grid = 1024
//	shared = 4K
//
// Every mistake is an error naming the file and the line.
func Parse(path string, data []byte) (*File, error) {
	f := &File{Path: path, Launch: directive.Launch{Shared: -1}}
	section := ""
	seen := map[string]int{}
	var launchArgs []string
	launchLine := 0
	// A byte-order mark, which some editors write, is not part of the
	// first key.
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	line := 0
	fail := func(format string, args ...any) error {
		return &FileError{Path: path, Line: line, Err: fmt.Errorf(format, args...)}
	}
	for sc.Scan() {
		line++
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		text = strings.TrimSpace(text)
		if text == "" {
			continue
		}
		if strings.HasPrefix(text, "[") {
			if text != "[launch]" {
				return nil, fail("unknown section %s (known: [launch])", text)
			}
			if section == "launch" || launchLine != 0 {
				return nil, fail("second [launch] section (the first is on line %d)", launchLine)
			}
			section, launchLine = "launch", line
			continue
		}
		key, val, ok := strings.Cut(text, "=")
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		if !ok || key == "" {
			return nil, fail("%q is not key = value", text)
		}
		if val == "" {
			return nil, fail("%s has no value", key)
		}
		qual := section + "." + key
		if prev, dup := seen[qual]; dup {
			return nil, fail("%s is set again (first on line %d)", key, prev)
		}
		seen[qual] = line
		if section == "launch" {
			switch key {
			case "block", "grid", "cluster", "shared":
				launchArgs = append(launchArgs, key+"="+val)
			default:
				return nil, fail("unknown key %q in [launch] (known: block, grid, cluster, shared)", key)
			}
			continue
		}
		if err := f.set(key, val); err != nil {
			return nil, fail("%w", err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, &FileError{Path: path, Line: line + 1, Err: err}
	}
	if launchLine != 0 {
		line = launchLine
		l, err := directive.ParseLaunch(strings.Join(launchArgs, " "))
		if err != nil {
			return nil, fail("[launch]: %s", strings.TrimSpace(strings.TrimPrefix(err.Error(), "//smemlint:launch")))
		}
		f.Launch = l
	}
	if f.Arch != nil || f.BankMode != nil {
		line = max(seen[".arch"], seen[".bankmode"])
		arch, mode := model.DefaultArch, 0
		if f.Arch != nil {
			arch = *f.Arch
		}
		if f.BankMode != nil {
			mode = *f.BankMode
		}
		if _, err := model.Lookup(arch, mode); err != nil {
			return nil, fail("%w", err)
		}
	}
	return f, nil
}

// set applies one top-level key.
func (f *File) set(key, val string) error {
	switch key {
	case "arch":
		if _, err := model.Lookup(val, 0); err != nil {
			return fmt.Errorf("arch: %w", err)
		}
		f.Arch = &val
	case "bankmode":
		n, err := strconv.Atoi(val)
		if err != nil {
			return fmt.Errorf("bankmode: %q is not a number (want 4 or 8)", val)
		}
		f.BankMode = &n
	case "verbose":
		b, err := strconv.ParseBool(val)
		if err != nil {
			return fmt.Errorf("verbose: %q is not true or false", val)
		}
		f.Verbose = &b
	case "notes":
		b, err := strconv.ParseBool(val)
		if err != nil {
			return fmt.Errorf("notes: %q is not true or false", val)
		}
		f.Notes = &b
	case "checks":
		checks, err := parseChecks(val)
		if err != nil {
			return fmt.Errorf("checks: %w", err)
		}
		f.Checks = checks
	default:
		return fmt.Errorf("unknown key %q (known: arch, bankmode, verbose, notes, checks; launch shapes go in [launch])", key)
	}
	return nil
}

// parseChecks parses the value of checks: "bankconflict, coalescing"
// turns those two on and the others off; "all, -smemrace" or "-smemrace"
// turns every check but smemrace on.
func parseChecks(val string) (map[string]bool, error) {
	items := strings.Split(val, ",")
	allOff := true // only -name items
	for i, item := range items {
		items[i] = strings.TrimSpace(item)
		allOff = allOff && strings.HasPrefix(items[i], "-")
	}
	base := items[0] == "all" || allOff
	on := map[string]bool{}
	for _, c := range CheckNames {
		on[c] = base
	}
	named := map[string]bool{}
	for i, item := range items {
		if item == "all" {
			if i != 0 {
				return nil, fmt.Errorf("all must come first")
			}
			continue
		}
		name, neg := strings.CutPrefix(item, "-")
		if !isCheckName(name) {
			return nil, fmt.Errorf("unknown check %q (known: all, %s)", item, strings.Join(CheckNames, ", "))
		}
		if named[name] {
			return nil, fmt.Errorf("%s is named twice", name)
		}
		named[name] = true
		on[name] = !neg
	}
	return on, nil
}

func isCheckName(name string) bool {
	for _, c := range CheckNames {
		if c == name {
			return true
		}
	}
	return false
}
