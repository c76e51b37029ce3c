// Package raceuse calls the device functions of package dev: a hazard
// inside them is reported at the call.
package raceuse

import (
	"example.com/cases/syncxpkg/dev"
	"github.com/smemlint/smemlint/simt"
)

//smemlint:launch block=256
func lastWarp(t *simt.Thread, out []float32) {
	s := simt.Shared[[256]float32](t)
	s[t.ThreadIdx.X] = out[t.ThreadIdx.X]
	t.SyncThreads()
	dev.LastWarp(t, s[:]) // want `shared-memory race on s: thread 0 reads s\[tid\+16\] \(dev.go:20\) and thread 16 writes s\[tid\] \(dev.go:20\), byte 64 of s, with no barrier between; block 256`
	t.SyncThreads()
	out[t.ThreadIdx.X] = s[0]
}
