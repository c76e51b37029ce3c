package main

import (
	"os"
	"strings"
)

// applyTags honours -tags: the multichecker accepts the flag and ignores
// it, so a file behind a build tag went unchecked in silence. The tags
// are added to GOFLAGS, which every way of loading packages reads: go
// vet, go/packages (the multichecker, -fix, -sarif, explain) and go test
// (simcheck).
func applyTags(args []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || !strings.HasPrefix(a, "-") {
			return
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name != "tags" {
			continue
		}
		if !hasValue && i+1 < len(args) {
			value = args[i+1]
		}
		if value == "" {
			return
		}
		flags := strings.TrimSpace(os.Getenv("GOFLAGS") + " -tags=" + value)
		os.Setenv("GOFLAGS", flags)
		return
	}
}
