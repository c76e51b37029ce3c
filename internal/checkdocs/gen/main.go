// Command gen writes docs/checks: go generate ./internal/checkdocs (or
// make docs).
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/smemlint/smemlint/internal/checkdocs"
)

func main() {
	out := flag.String("out", "docs/checks", "the `directory` to write the pages to")
	examples := flag.String("examples", "testdata", "the `directory` of the examples module")
	flag.Parse()
	pages, err := checkdocs.Generate(*examples)
	if err != nil {
		fmt.Fprintln(os.Stderr, "checkdocs:", err)
		os.Exit(1)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "checkdocs:", err)
		os.Exit(1)
	}
	for name, data := range pages {
		if err := os.WriteFile(filepath.Join(*out, name), data, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "checkdocs:", err)
			os.Exit(1)
		}
	}
}
