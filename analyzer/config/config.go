package config

import (
	_ "embed"
	"flag"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/smemlint/smemlint/analyzer/internal/directive"
	"github.com/smemlint/smemlint/analyzer/internal/doctext"
	"github.com/smemlint/smemlint/model"
)

//go:embed doc.go
var doc string

// Config is the result of Analyzer: the options of one run, from the
// flags and the configuration file (see Resolve).
type Config struct {
	Arch     *model.Arch // the profile named by -arch and -bankmode
	BankMode int         // 0 for the profile's default
	Verbose  bool
	// Notes: report notes (what smemlint did not judge, and the figures
	// Verbose states). -notes=false leaves them out, for go vet, which
	// fails on any diagnostic.
	Notes bool
	// File is the configuration file that applied, "" when none did.
	File string
	// Launch is the file's [launch] section; Launch.Block[0] is zero
	// when it has none.
	Launch directive.Launch
	checks map[string]bool // nil: every check reports
}

// Enabled reports whether check is to report, by its name: a check the
// command line turned on (ForceEnabled) reports whatever the file says.
func (c *Config) Enabled(check string) bool {
	if forcedChecks[check] {
		return true
	}
	on, ok := c.checks[check]
	return !ok || on
}

// forcedChecks holds the checks a command-line flag turned on by name.
// Like the flag values below, it is written once, before any pass runs,
// and only read while passes run.
var forcedChecks = map[string]bool{}

// ForceEnabled records that the command line turned check on (-smemrace),
// so that the configuration file's checks list does not turn it off.
func ForceEnabled(check string) { forcedChecks[check] = true }

// Analyzer owns the shared flags and hands a *Config to the checks.
var Analyzer = &analysis.Analyzer{
	Name:       "smemlintconfig",
	Doc:        doctext.MustExtract(doc, "smemlintconfig"),
	URL:        "https://github.com/smemlint/smemlint/blob/main/docs/checks/README.md",
	Run:        run,
	ResultType: reflect.TypeFor[*Config](),
}

// The flag values are written once, while flags are parsed, and only read
// while passes run. Each remembers whether it was given, so that a flag
// overrides the configuration file and a default does not.
var (
	archFlag     = setArch{setString{v: model.DefaultArch}}
	bankModeFlag = setInt{}
	verboseFlag  = setBool{}
	notesFlag    = setBool{v: true}
)

func init() {
	Analyzer.Flags.Var(&archFlag, "arch", "architecture profile: sm_1x, sm_2x, sm_3x, sm_50 … sm_90")
	Analyzer.Flags.Var(&bankModeFlag, "bankmode", "shared-memory bank width in bytes (8: the eight-byte mode of sm_3x)")
	Analyzer.Flags.Var(&verboseFlag, "verbose", "also report notes: occupancy, accesses that could not be evaluated")
	Analyzer.Flags.Var(&notesFlag, "notes", "report notes (what smemlint did not judge); -notes=false leaves them out, for go vet, which fails on any diagnostic")
}

// Flags returns the flag set, for commands that expose the options under
// short names (-arch instead of -smemlintconfig.arch).
func Flags() *flag.FlagSet { return &Analyzer.Flags }

func run(pass *analysis.Pass) (any, error) {
	return Resolve(packageDir(pass))
}

// packageDir is the directory of the package's files, where the search
// for a configuration file starts; "" (the current directory) when the
// files have no names on disk. A package that uses cgo is analyzed from
// cgo's output, which lies in the build's work directory or cache (under
// go/packages, with hashes for names); the //line comment before the
// package clause of each x.cgo1.go names its source file. So the
// directory is that of the file a package clause's //line comment names,
// else that of the first file that is not cgo's output.
func packageDir(pass *analysis.Pass) string {
	dir := ""
	for _, f := range pass.Files {
		raw := pass.Fset.File(f.Pos()).Name()
		if name := pass.Fset.Position(f.Package).Filename; name != raw && filepath.IsAbs(name) {
			return filepath.Dir(name)
		}
		if dir == "" && filepath.IsAbs(raw) && !CgoOutput(raw) {
			dir = filepath.Dir(raw)
		}
	}
	return dir
}

// CgoOutput reports whether a file is one that cgo writes for the go
// command (x.cgo1.go, _cgo_gotypes.go, _cgo_import.go), which lies in the
// build's work directory rather than the package's.
func CgoOutput(name string) bool {
	base := filepath.Base(name)
	return strings.HasSuffix(base, ".cgo1.go") || strings.HasPrefix(base, "_cgo_")
}

// Resolve returns the options for the packages of dir: the flags given,
// then the configuration file that applies to dir (see Find), then the
// defaults. A bad flag or a malformed file is an error that names it.
func Resolve(dir string) (*Config, error) {
	f, err := Load(dir)
	if err != nil {
		return nil, err
	}
	c := &Config{BankMode: bankModeFlag.v, Verbose: verboseFlag.v, Notes: notesFlag.v, Launch: directive.Launch{Shared: -1}}
	arch := archFlag.v
	if f != nil {
		c.File, c.Launch, c.checks = f.Path, f.Launch, f.Checks
		if f.Arch != nil && !archFlag.set {
			arch = *f.Arch
		}
		if f.BankMode != nil && !bankModeFlag.set {
			c.BankMode = *f.BankMode
		}
		if f.Verbose != nil && !verboseFlag.set {
			c.Verbose = *f.Verbose
		}
		if f.Notes != nil && !notesFlag.set {
			c.Notes = *f.Notes
		}
	}
	c.Arch, err = model.Lookup(arch, c.BankMode)
	if err != nil {
		return nil, flagError(f, arch, err)
	}
	if c.Verbose && !c.Notes {
		return nil, notesError(f)
	}
	return c, nil
}

// notesError says that the options ask for notes (verbose) and leave
// them out (notes = false) at once, naming where each came from.
func notesError(f *File) error {
	verbose, notes := "-verbose", "-notes=false"
	if !verboseFlag.set {
		verbose = "verbose = true in " + f.Path
	}
	if !notesFlag.set {
		notes = "notes = false in " + f.Path
	}
	return fmt.Errorf("%s leaves out the notes that %s asks for: give one of them", notes, verbose)
}

// CheckFlags validates the -arch and -bankmode flags alone, for commands
// that check them before they read any package.
func CheckFlags() error {
	if _, err := model.Lookup(archFlag.v, bankModeFlag.v); err != nil {
		return flagError(nil, archFlag.v, err)
	}
	if verboseFlag.v && verboseFlag.set && notesFlag.set && !notesFlag.v {
		return notesError(nil)
	}
	return nil
}

// flagError names the flag (or the file) that chose a bad profile: -arch
// for an unknown name, else -bankmode.
func flagError(f *File, arch string, err error) error {
	_, archErr := model.Lookup(arch, 0)
	switch {
	case archErr != nil && archFlag.set:
		return fmt.Errorf("-arch=%s: %w", arch, archErr)
	case archErr == nil && bankModeFlag.set:
		return fmt.Errorf("-bankmode=%d: %w", bankModeFlag.v, err)
	case archErr == nil && archFlag.set:
		return fmt.Errorf("-arch=%s: %w", arch, err)
	case f != nil:
		return fmt.Errorf("%s: %w", f.Path, err)
	}
	return err
}

// ForPass returns the options of a pass of any analyzer: the config
// analyzer's result when the pass has it, else the options resolved for
// the package's directory. It returns nil when they are bad; the config
// analyzer reports why.
func ForPass(pass *analysis.Pass) *Config {
	if c, ok := pass.ResultOf[Analyzer].(*Config); ok {
		return c
	}
	c, err := Resolve(packageDir(pass))
	if err != nil {
		return nil
	}
	return c
}

// FileErrorOf returns the error of the configuration file that applies to
// the pass's package, nil when it is well formed or there is none, for
// the check that reports it where a driver shows only diagnostics.
func FileErrorOf(pass *analysis.Pass) error {
	_, err := Load(packageDir(pass))
	return err
}
