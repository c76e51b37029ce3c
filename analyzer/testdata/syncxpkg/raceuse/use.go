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
	dev.Shift(t, s[:]) // want `shared-memory race on s between warps: thread 224 reads s\[\(tid\+32\)%256\] \(dev\.go:28\) and thread 0 writes s\[tid\] \(dev\.go:29\), byte 0 of s \(warps 7 and 0\), with no barrier between; block 256`
	t.SyncThreads()
	out[t.ThreadIdx.X] = s[0]
}
