// Package interp exercises the kernels analyzer's evaluation: each access's // want package:"kernel source: 1 files"
// address and guard are checked by analyzer/kernels/interp_test.go.
package interp

import "github.com/smemlint/smemlint/simt"

//smemlint:launch block=32x8
func layout(t *simt.Thread, out []float32) {
	a := simt.Shared[[33]float32](t)   // 132 bytes at 0
	b := simt.Shared[[8][4]float32](t) // 128 bytes at 144 (16-byte aligned)
	c := simt.Shared[[2]float64](t)    // at 272
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	out[ty*32+tx] = a[tx] + b[ty][tx%4] + float32(c[1])
}

//smemlint:launch block=256
func loops(t *simt.Thread, out []float32) {
	s := simt.Shared[[512]float32](t)
	tid := t.ThreadIdx.X
	for i := 0; i < 4; i++ {
		s[tid+i*128] = 0
	}
	for st := 128; st > 0; st >>= 1 {
		if tid < st {
			s[tid] += s[tid+st]
		}
	}
	for j := tid; j < 1000; j += 256 {
		out[j] = s[j%512]
	}
}

func helper(t *simt.Thread, s []float32, k int) float32 {
	return s[t.ThreadIdx.X*k]
}

//smemlint:launch block=64
func device(t *simt.Thread, out []float32) {
	s := simt.Shared[[1024]float32](t)
	out[t.ThreadIdx.X] = helper(t, s[:], 3) + helper(t, s[64:], 2)
}

//smemlint:launch block=64
func exits(t *simt.Thread, out []float32, n int) {
	tid := t.ThreadIdx.X
	if tid >= 48 {
		return
	}
	out[tid] = 1
}

//smemlint:launch block=128
func builtins(t *simt.Thread, out []float32) {
	lane, warp := t.LaneID(), t.WarpID()
	out[warp*32+lane] = 0
	out[min(t.ThreadIdx.X, 100)] = 1
	out[t.ThreadIdx.X^1] = 2
	out[(t.ThreadIdx.X&^7)>>1] = 3
}

//smemlint:launch block=32
func data(t *simt.Thread, out []float32, idx []int32) {
	v := idx[t.ThreadIdx.X]
	out[v] = 1
}

// afterLoop reads k after a loop that assigns it: the loop may run no
// iteration (tid%3 == 0), so k is not its value in the body after it, but
// the choice, thread by thread, between its entry value (no iteration)
// and its value in the last iteration, i = tid%3 - 1.
//
//smemlint:launch block=32
func afterLoop(t *simt.Thread, out []float32) {
	tid := t.ThreadIdx.X
	k := tid
	for i := 0; i < tid%3; i++ {
		k = 64 + i
	}
	out[k] = 0
}

// returnInLoop stores after a loop whose body returns: the odd threads
// run one iteration and return, the even ones run none and store. Which
// threads a loop's returns remove is unknown to the analysis (the body
// returns unconditionally, yet the even threads go on).
//
//smemlint:launch block=64
func returnInLoop(t *simt.Thread, out []float32) {
	tid := t.ThreadIdx.X
	for i := 0; i < tid%2; i++ {
		return
	}
	out[tid] = 0
}

// breakInLoop stores in the second iteration of a loop that every thread
// leaves in the first: the store never happens, and the analysis must not
// count a request for it as certain. The break's condition names the
// loop's variable alone, so its guard says exactly that no iteration
// after the first runs (i <= 0). Continue leaves the loop of
// continueInLoop: its store is evaluated exactly.
//
//smemlint:launch block=32
func breakInLoop(t *simt.Thread, out []float32) {
	tid := t.ThreadIdx.X
	for i := 0; i < 2; i++ {
		if i == 0 {
			break
		}
		out[tid] = 0
	}
}

//smemlint:launch block=32
func continueInLoop(t *simt.Thread, out []float32) {
	tid := t.ThreadIdx.X
	for i := 0; i < 2; i++ {
		if i == 0 {
			continue
		}
		out[tid] = 0
	}
}
