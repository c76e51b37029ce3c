// Package host launches the kernels of package kern.
package host

import (
	"example.com/cases/xpkg/kern"
	"github.com/smemlint/smemlint/simt"
)

func Run(out, in []float32) error {
	const n = 1024
	cfg := simt.Config{Grid: simt.Dim3{X: n / 32, Y: n / 32}, Block: simt.Dim3{X: 32, Y: 32}}
	return simt.Launch(cfg, func(t *simt.Thread) {
		kern.Transpose(t, out, in, n) // want `shared load tile\[tx\]\[ty\] at kern.go:14: 32-way bank conflict`
	})
}
