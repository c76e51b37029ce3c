package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/smemlint/smemlint/internal/driver"
	"github.com/smemlint/smemlint/internal/textedit"
)

// fixRequested reports whether the command line asks for -fix or -diff;
// main then runs fixMain instead of the multichecker, whose -fix rewrote
// CRLF files as LF, exited 0 with findings left, and ignored -diff alone.
func fixRequested(args []string) bool {
	for _, a := range args {
		if a == "--" || !strings.HasPrefix(a, "-") {
			continue
		}
		name, value, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if (name == "fix" || name == "diff") && value != "false" {
			return true
		}
	}
	return false
}

// fixMain applies the suggested fixes of the findings (-fix), or prints
// them as a unified diff and changes nothing (-diff, with or without
// -fix). Findings without a fix are printed as a plain run prints them.
// Exit codes: 0 when nothing is left to fix, 3 when findings remain
// (with -diff, any finding: nothing was changed), 1 on an error.
func fixMain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("smemlint", flag.ContinueOnError)
	fs.Bool("fix", false, "apply the suggested fixes")
	diff := fs.Bool("diff", false, "print the suggested fixes as a unified diff; change no file")
	tests := fs.Bool("test", true, "also check test files")
	fs.String("tags", "", "build `tags` (applied through GOFLAGS)")
	shortFlags(fs)
	oneLineFlagErrors(fs, "smemlint", stderr, func(w io.Writer) {
		fmt.Fprintln(w, "usage: smemlint -fix|-diff [-arch …] packages")
		fs.PrintDefaults()
	})
	if err := fs.Parse(args); err != nil {
		return exitError
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: smemlint -fix|-diff [-arch …] packages")
		return exitError
	}
	if err := preflight(args); err != nil {
		fmt.Fprintln(stderr, "smemlint:", err)
		return exitError
	}
	if !*tests {
		noteTestOnly(fs.Args(), stderr)
	}
	res, err := driver.Run(fs.Args(), driver.Options{Tests: *tests})
	if err != nil {
		fmt.Fprintln(stderr, "smemlint:", err)
		return exitError
	}
	for _, e := range res.Errors {
		fmt.Fprintln(stderr, loadError(e))
	}
	edits, left := planFixes(res.Findings)
	code := exitClean
	for _, f := range left {
		fmt.Fprintf(stderr, "%s: %s\n", f.Pos, f.Message)
		if !isNote(f.Message) {
			code = exitFindings
		}
	}
	files := make([]string, 0, len(edits))
	for name := range edits {
		files = append(files, name)
	}
	sort.Strings(files)
	for _, name := range files {
		if err := fixFile(name, edits[name], *diff, stdout); err != nil {
			fmt.Fprintln(stderr, "smemlint:", err)
			return exitError
		}
		if *diff {
			code = exitFindings
		}
	}
	if len(res.Errors) > 0 {
		return exitError
	}
	return code
}

// planFixes takes the first suggested fix of every finding that has one,
// by file, and returns the findings that have none.
func planFixes(findings []driver.Finding) (map[string][]textedit.Edit, []driver.Finding) {
	edits := map[string][]textedit.Edit{}
	var left []driver.Finding
	for _, f := range findings {
		if f.Suppressed {
			continue
		}
		if len(f.Fixes) == 0 {
			left = append(left, f)
			continue
		}
		for _, e := range f.Fixes[0].Edits {
			edits[e.Pos.Filename] = append(edits[e.Pos.Filename], textedit.Edit{Start: e.Pos.Offset, End: e.End.Offset, New: e.NewText})
		}
	}
	return edits, left
}

// fixFile applies edits to the file name, or prints them as a diff.
func fixFile(name string, edits []textedit.Edit, diff bool, stdout io.Writer) error {
	src, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	if diff {
		d, err := textedit.Unified(name, src, edits)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		_, err = io.WriteString(stdout, d)
		return err
	}
	out, err := textedit.Apply(src, edits)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	st, err := os.Stat(name)
	if err != nil {
		return err
	}
	return os.WriteFile(name, out, st.Mode().Perm())
}
