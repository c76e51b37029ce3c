package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"github.com/smemlint/smemlint/internal/driver"
	"github.com/smemlint/smemlint/internal/explain"
)

func init() {
	subcommands["explain"] = subcommand{
		summary: "FILE:LINE[:COL]: the lanes of one access in their banks or sectors, and the fix",
		run:     runExplain,
	}
}

// runExplain prints the picture of the accesses at FILE:LINE[:COL] and,
// with -html, writes the kernel's heatmap page.
func runExplain(args []string) int {
	fs := newFlagSet("explain", "smemlint explain [-html FILE] [-arch …] FILE:LINE[:COL]")
	html := fs.String("html", "", "also write a self-contained HTML page with a heatmap of every access of the kernel to `file`")
	if err := fs.Parse(args); err != nil {
		return exitError // the flag set said which flag, in one line
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(os.Stderr, "smemlint explain: want one FILE:LINE[:COL], got %d arguments (run 'smemlint explain -help' for the flags)\n", fs.NArg())
		return exitError
	}
	if badOptions("explain") {
		return exitError
	}
	file, line, col, err := parseLocation(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, "smemlint explain:", err)
		return exitError
	}
	if err := checkLocation(file, line, col); err != nil {
		fmt.Fprintln(os.Stderr, "smemlint explain:", err)
		return exitError
	}
	// A kernel in a _test.go file is in the package's test variant.
	ks, err := explain.Load(file, line, col, driver.Options{Tests: strings.HasSuffix(file, "_test.go")})
	if err != nil {
		fmt.Fprintln(os.Stderr, "smemlint explain:", err)
		return exitError
	}
	k := ks[0]
	for i, t := range k.At(file, line, col) {
		if i > 0 {
			fmt.Println()
		}
		explain.Write(os.Stdout, k, t)
	}
	if len(ks) > 1 {
		fmt.Printf("\n(%d other launch shapes reach this line; shown: the worst)\n", len(ks)-1)
	}
	if *html != "" {
		if err := explain.WriteHTMLFile(*html, k, file, line); err != nil {
			fmt.Fprintln(os.Stderr, "smemlint explain:", err)
			return exitError
		}
		fmt.Printf("\nwrote %s\n", *html)
	}
	return exitClean
}

// checkLocation checks that FILE:LINE[:COL] names a place in a Go file,
// so that a mistyped location gets one line saying what is wrong rather
// than go/packages' text.
func checkLocation(file string, line, col int) error {
	if !strings.HasSuffix(file, ".go") {
		return fmt.Errorf("%s: not a Go file", file)
	}
	src, err := os.ReadFile(file)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%s: no such file", file)
		}
		return fmt.Errorf("%s: %v", file, errors.Unwrap(err))
	}
	lines := strings.Split(strings.TrimSuffix(string(src), "\n"), "\n")
	if line > len(lines) {
		return fmt.Errorf("%s:%d: the file has %d lines", file, line, len(lines))
	}
	// Columns are byte offsets plus one, as in go/token; the line end
	// itself may be named.
	if n := len(strings.TrimSuffix(lines[line-1], "\r")); col > n+1 {
		return fmt.Errorf("%s:%d:%d: line %d has %d columns", file, line, col, line, n)
	}
	return nil
}

// parseLocation splits FILE:LINE[:COL].
func parseLocation(s string) (file string, line, col int, err error) {
	parts := strings.Split(s, ":")
	nums := []int{}
	for len(parts) > 1 && len(nums) < 2 {
		n, err := strconv.Atoi(parts[len(parts)-1])
		if err != nil {
			break
		}
		nums = append([]int{n}, nums...)
		parts = parts[:len(parts)-1]
	}
	if len(nums) == 0 || nums[0] <= 0 {
		return "", 0, 0, fmt.Errorf("%q: want FILE:LINE or FILE:LINE:COL", s)
	}
	if len(nums) == 2 {
		col = nums[1]
		if col <= 0 {
			return "", 0, 0, fmt.Errorf("%q: columns count from 1", s)
		}
	}
	return strings.Join(parts, ":"), nums[0], col, nil
}
