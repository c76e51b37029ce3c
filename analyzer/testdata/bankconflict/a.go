package bankconflict

import "github.com/smemlint/smemlint/simt"

//smemlint:launch block=32x32
func transposeNaive(t *simt.Thread, out, in []float32) {
	tile := simt.Shared[[32][32]float32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	tile[ty][tx] = in[ty*32+tx]
	t.SyncThreads()
	out[ty*32+tx] = tile[tx][ty] // want `shared load tile\[tx\]\[ty\]: 32-way bank conflict \(32 wavefronts, ideal 1\): lanes 0..31 all hit bank \d+; block 32×32`
}

//smemlint:launch block=32x32
func transposePadded(t *simt.Thread, out, in []float32) {
	tile := simt.Shared[[32][33]float32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	tile[ty][tx] = in[ty*32+tx]
	t.SyncThreads()
	out[ty*32+tx] = tile[tx][ty]
}

func strided(t *simt.Thread, out []float32) {
	s := simt.Shared[[8192]float32](t)
	tid := t.ThreadIdx.X
	out[tid] = s[tid*2] // want `2-way bank conflict \(2 wavefronts, ideal 1\)`
	out[tid] = s[tid*3]
}

//smemlint:launch block=256
func interleaved(t *simt.Thread, out []float32) {
	s := simt.Shared[[512]float32](t)
	tid := t.ThreadIdx.X
	for stride := 1; stride < 256; stride *= 2 {
		i := 2 * stride * tid
		if i < 256 {
			s[i] += s[i+stride] // want `8-way bank conflict .*worst at stride = 4` `8-way bank conflict .*worst at stride = 4`
		}
		t.SyncThreads()
	}
	for s2 := 128; s2 > 0; s2 /= 2 {
		if tid < s2 {
			s[tid] += s[tid+s2]
		}
		t.SyncThreads()
	}
	out[0] = s[0]
}

// chosenHalves: the even lanes store to b, the odd ones to a, through a
// slice chosen in a branch. The warp's store is one request over both
// arrays, and b[k] lies 32 words after a[k], in its bank: 2 wavefronts,
// though each array alone gets 16 lanes in 16 banks.
//
//smemlint:launch block=32
func chosenHalves(t *simt.Thread) {
	a := simt.Shared[[32]float32](t)
	b := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	q := a[:]
	if tid%2 == 0 {
		q = b[:]
	}
	q[tid/2] = 1 // want `shared store q\[tid/2\]: 2-way bank conflict \(2 wavefronts, ideal 1\): lanes 0 and 1 both hit bank 0; block 32`
}

// chosenApart: the same choice with q[tid]: the even lanes' words of b
// and the odd lanes' words of a are in 32 different banks, one wavefront.
//
//smemlint:launch block=32
func chosenApart(t *simt.Thread) {
	a := simt.Shared[[32]float32](t)
	b := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	q := a[:]
	if tid%2 == 0 {
		q = b[:]
	}
	q[tid] = 1
}

// chosenByDataHalves: each lane chooses a or b by its datum, at index
// tid/2. Lanes 2k and 2k+1 reach bank k in a[k] and in b[k], 32 words
// apart: where the data sends them to different arrays, 2 wavefronts.
//
//smemlint:launch block=32
func chosenByDataHalves(t *simt.Thread, in []int32) {
	a := simt.Shared[[32]float32](t)
	b := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	q := a[:]
	if in[tid] > 0 {
		q = b[:]
	}
	q[tid/2] = 1 // want `shared store q\[tid/2\]: up to 2 wavefronts per request \(ideal 1\) depending on data: the lanes of a warp choose between shared arrays by data read from memory \(lanes 0 and 1 can reach bank 0 in 2 different words\); block 32`
}

// chosenByDataApart: the same choice at index tid: each bank is reached
// by one lane only, one wavefront whichever array each lane takes.
//
//smemlint:launch block=32
func chosenByDataApart(t *simt.Thread, in []int32) {
	a := simt.Shared[[32]float32](t)
	b := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	q := a[:]
	if in[tid] > 0 {
		q = b[:]
	}
	q[tid] = 1
}

// chosenByDataParity: the choice by data written as arithmetic (the
// parity of the datum) is a choice by data all the same: bounded.
//
//smemlint:launch block=32
func chosenByDataParity(t *simt.Thread, in []int32) {
	a := simt.Shared[[32]float32](t)
	b := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	q := a[:]
	if in[tid]%2 == 0 {
		q = b[:]
	}
	q[tid/2] = 1 // want `shared store q\[tid/2\]: up to 2 wavefronts per request \(ideal 1\) depending on data: the lanes of a warp choose between shared arrays by data read from memory`
}
