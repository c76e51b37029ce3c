// Package barrieruse calls the device functions of package dev: a
// barrier inside them is reported at the call.
package barrieruse

import (
	"example.com/cases/syncxpkg/dev"
	"github.com/smemlint/smemlint/simt"
)

//smemlint:launch block=256
func divergent(t *simt.Thread, out []float32) {
	s := simt.Shared[[256]float32](t)
	if t.ThreadIdx.X < 64 {
		dev.Step(t, s[:], 32) // want `SyncThreads \(in Step, dev.go:12\) under thread-dependent condition t.ThreadIdx.X < 64 \(use.go:13\): threads 64..255 of block 256 skip it`
	}
	out[t.ThreadIdx.X] = s[0]
}

//smemlint:launch block=256
func fine(t *simt.Thread, out []float32) {
	s := simt.Shared[[256]float32](t)
	for half := 128; half > 0; half /= 2 {
		dev.Step(t, s[:], half)
	}
	out[t.ThreadIdx.X] = s[0]
}
