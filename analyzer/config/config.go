package config

import (
	_ "embed"
	"flag"
	"fmt"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/smemlint/smemlint/analyzer/internal/doctext"
	"github.com/smemlint/smemlint/model"
)

//go:embed doc.go
var doc string

// Config is the result of Analyzer: the options of one run.
type Config struct {
	Arch     *model.Arch // the profile named by -arch and -bankmode
	BankMode int         // 0 for the profile's default
	Verbose  bool
}

// Analyzer owns the shared flags and hands a *Config to the checks.
var Analyzer = &analysis.Analyzer{
	Name:       "smemlintconfig",
	Doc:        doctext.MustExtract(doc, "smemlintconfig"),
	URL:        "https://github.com/smemlint/smemlint/blob/main/docs/checks/README.md",
	Run:        run,
	ResultType: reflect.TypeFor[*Config](),
}

// The flag values are written once, while flags are parsed, and only read
// while passes run.
var (
	archFlag     = model.DefaultArch
	bankModeFlag = 0
	verboseFlag  = false
)

func init() {
	Analyzer.Flags.StringVar(&archFlag, "arch", model.DefaultArch, "architecture profile: sm_1x, sm_2x, sm_3x, sm_50 … sm_90")
	Analyzer.Flags.IntVar(&bankModeFlag, "bankmode", 0, "shared-memory bank width in bytes (8: the eight-byte mode of sm_3x)")
	Analyzer.Flags.BoolVar(&verboseFlag, "verbose", false, "also report notes: occupancy, accesses that could not be evaluated")
}

// Flags returns the flag set, for commands that expose the options under
// short names (-arch instead of -smemlintconfig.arch).
func Flags() *flag.FlagSet { return &Analyzer.Flags }

func run(pass *analysis.Pass) (any, error) {
	arch, err := model.Lookup(archFlag, bankModeFlag)
	if err != nil {
		return nil, fmt.Errorf("smemlint: -arch/-bankmode: %w", err)
	}
	return &Config{Arch: arch, BankMode: bankModeFlag, Verbose: verboseFlag}, nil
}
