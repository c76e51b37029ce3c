// Package warpuse calls the device functions of package dev: a hazard
// inside them is reported at the call.
package warpuse

import (
	"example.com/cases/syncxpkg/dev"
	"github.com/smemlint/smemlint/simt"
)

//smemlint:launch block=256
func lastWarp(t *simt.Thread, out []float32) {
	s := simt.Shared[[256]float32](t)
	s[t.ThreadIdx.X] = out[t.ThreadIdx.X]
	t.SyncThreads()
	dev.LastWarp(t, s[:]) // want `warp-synchronous hazard: lane 0 reads s\[tid\+16\] \(dev.go:20\) written by lane 16 at dev.go:19 with no SyncWarp between; block 256`
	t.SyncThreads()
	out[t.ThreadIdx.X] = s[0]
}
