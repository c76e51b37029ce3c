package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/smemlint/smemlint/analyzer/config"
)

// newFlagSet returns a subcommand's flag set with the shared options.
func newFlagSet(name, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet("smemlint "+name, flag.ContinueOnError)
	shortFlags(fs)
	oneLineFlagErrors(fs, "smemlint "+name, os.Stderr, func(w io.Writer) {
		fmt.Fprintln(w, "usage:", usage)
		fs.PrintDefaults()
	})
	return fs
}

// oneLineFlagErrors makes fs report a mistyped flag (unknown, or a value
// it cannot parse) as one line naming it, with a hint where the flags are
// listed; the whole usage, hundreds of lines with every check's flags,
// is printed only when asked for (-h, -help). A set that exits on errors
// exits with status 1, smemlint's status for a bad command line.
func oneLineFlagErrors(fs *flag.FlagSet, prog string, stderr io.Writer, usage func(w io.Writer)) {
	// The flag package writes its error to the output, then calls Usage.
	var msg bytes.Buffer
	fs.SetOutput(&msg)
	fs.Usage = func() {
		if m := strings.TrimSpace(msg.String()); m != "" {
			msg.Reset()
			fmt.Fprintf(stderr, "%s: %s (run '%s -help' for the flags)\n", prog, m, prog)
			if fs.ErrorHandling() == flag.ExitOnError {
				os.Exit(exitError)
			}
			return
		}
		fs.SetOutput(stderr)
		usage(stderr)
		fs.SetOutput(&msg)
	}
}

// badOptions reports a bad -arch or -bankmode of subcommand name in one
// line on standard error, before any package is loaded: otherwise the
// mistake surfaces as "failed prerequisites" of every analyzer, or, in
// the language server, not at all.
func badOptions(name string) bool {
	if err := config.CheckFlags(); err != nil {
		fmt.Fprintf(os.Stderr, "smemlint %s: %v\n", name, err)
		return true
	}
	return false
}

// version is the module version the binary was built from.
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}
