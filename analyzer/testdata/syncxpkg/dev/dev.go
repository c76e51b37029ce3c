// Package dev holds device functions that package use calls: the
// synchronisation checks report their findings at the calls in use.
package dev

import "github.com/smemlint/smemlint/simt"

// Step adds the upper half of s onto the lower half, with a barrier.
func Step(t *simt.Thread, s []float32, half int) {
	if t.ThreadIdx.X < half {
		s[t.ThreadIdx.X] += s[t.ThreadIdx.X+half]
	}
	t.SyncThreads()
}

// LastWarp is the volatile idiom.
func LastWarp(t *simt.Thread, s []float32) {
	tid := t.ThreadIdx.X
	if tid < 32 {
		s[tid] += s[tid+32]
		s[tid] += s[tid+16]
	}
}

// Shift reads the word of the thread one warp further on, then overwrites
// its own, with no barrier between: threads of two warps race.
func Shift(t *simt.Thread, s []float32) {
	tid := t.ThreadIdx.X
	v := s[(tid+32)%256]
	s[tid] = v
}
