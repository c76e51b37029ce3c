package main

import (
	"fmt"
	"os"

	"github.com/smemlint/smemlint/internal/lsp"
)

func init() {
	subcommands["lsp"] = subcommand{
		summary: "language server over stdio: diagnostics and quick fixes in editors, beside gopls",
		run:     runLSP,
	}
}

// runLSP serves the Language Server Protocol on standard input and output.
// Flags: the shared options (-arch, -bankmode, -verbose).
func runLSP(args []string) int {
	fs := newFlagSet("lsp", "smemlint lsp [-arch …]: a language server over stdio (see docs/editors.md)")
	if err := fs.Parse(args); err != nil {
		return exitError
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "smemlint lsp: unexpected argument %q: the server takes no packages; it talks over standard input and output\n", fs.Arg(0))
		return exitError
	}
	if badOptions("lsp") {
		return exitError
	}
	if err := lsp.Serve(os.Stdin, os.Stdout, version()); err != nil {
		fmt.Fprintln(os.Stderr, "smemlint lsp:", err)
		return exitError
	}
	return exitClean
}
