// Command gopls is gopls v0.23.0 with smemlint's checks among its
// analyzers: diagnostics with severity warning and the checks' suggested
// fixes as quick fixes, enabled and disabled with gopls's "analyses"
// setting. Build it with "make gopls" (bin/gopls).
package main

import (
	"context"
	"os"

	"golang.org/x/tools/gopls/internal/cmd"
	"golang.org/x/tools/gopls/internal/tool"
)

func main() {
	register()
	// Telemetry stays off: this build is not one the Go team ships.
	tool.Main(context.Background(), cmd.New(), os.Args[1:])
}
