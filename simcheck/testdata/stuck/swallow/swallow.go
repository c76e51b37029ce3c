// Package swallow has a kernel whose thread 0 never ends and a test that
// only logs the launch's error: simcheck must still say the launch failed.
package swallow

import "github.com/smemlint/smemlint/simt"

// Spin writes out[tid]; thread 0 then loops while its slot is non-zero.
func Spin(t *simt.Thread, out []float32) {
	tid := t.ThreadIdx.X
	out[tid] = 1
	for tid == 0 && out[tid] != 0 {
	}
}

// Run launches Spin on one block of 32 threads.
func Run(out []float32) error {
	cfg := simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: 32}}
	return simt.Launch(cfg, func(t *simt.Thread) { Spin(t, out) })
}
