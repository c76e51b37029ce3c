// Package global holds one kernel per global-memory row of the H100
// measurements in docs/hardware.md. Each diagnostic (a note under
// -verbose when the access is coalesced) must state the measured sectors
// per request.
package global

import "github.com/smemlint/smemlint/simt"

// G01: float32 g[tid], H100 4 sector(s) per request.
//
//smemlint:launch block=32
func G01(t *simt.Thread, g []float32) {
	sink := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	sink[tid] = g[tid] // want `global load g\[tid\]: .*\b4 sectors[ ,]`
}

// G02: float32 g[tid+1], H100 5 sector(s) per request.
//
//smemlint:launch block=32
func G02(t *simt.Thread, g []float32) {
	sink := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	sink[tid] = g[tid+1] // want `global load g\[tid\+1\]: .*\b5 sectors[ ,]`
}

// G03: float32 g[tid*2], H100 8 sector(s) per request.
//
//smemlint:launch block=32
func G03(t *simt.Thread, g []float32) {
	sink := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	sink[tid] = g[tid*2] // want `global load g\[tid\*2\]: .*\b8 sectors[ ,]`
}

// G04: float32 g[tid*4], H100 16 sector(s) per request.
//
//smemlint:launch block=32
func G04(t *simt.Thread, g []float32) {
	sink := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	sink[tid] = g[tid*4] // want `global load g\[tid\*4\]: .*\b16 sectors[ ,]`
}

// G05: float32 g[tid*8], H100 32 sector(s) per request.
//
//smemlint:launch block=32
func G05(t *simt.Thread, g []float32) {
	sink := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	sink[tid] = g[tid*8] // want `global load g\[tid\*8\]: .*\b32 sectors[ ,]`
}

// G06: float32 g[tid*32], H100 32 sector(s) per request.
//
//smemlint:launch block=32
func G06(t *simt.Thread, g []float32) {
	sink := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	sink[tid] = g[tid*32] // want `global load g\[tid\*32\]: .*\b32 sectors[ ,]`
}

// G07: float32 g[tid*33], H100 32 sector(s) per request.
//
//smemlint:launch block=32
func G07(t *simt.Thread, g []float32) {
	sink := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	sink[tid] = g[tid*33] // want `global load g\[tid\*33\]: .*\b32 sectors[ ,]`
}

// G08: float32 g[0], H100 1 sector(s) per request.
//
//smemlint:launch block=32
func G08(t *simt.Thread, g []float32) {
	sink := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	sink[tid] = g[0] // want `global load g\[0\]: .*\b1 sector[ ,]`
}

// G09: float32 g[31-tid], H100 4 sector(s) per request.
//
//smemlint:launch block=32
func G09(t *simt.Thread, g []float32) {
	sink := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	sink[tid] = g[31-tid] // want `global load g\[31-tid\]: .*\b4 sectors[ ,]`
}

// G10: float32 g[tid/2], H100 2 sector(s) per request.
//
//smemlint:launch block=32
func G10(t *simt.Thread, g []float32) {
	sink := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	sink[tid] = g[tid/2] // want `global load g\[tid/2\]: .*\b2 sectors[ ,]`
}

// G11: float64 g[tid], H100 8 sector(s) per request.
//
//smemlint:launch block=32
func G11(t *simt.Thread, g []float64) {
	sink := simt.Shared[[32]float64](t)
	tid := t.ThreadIdx.X
	sink[tid] = g[tid] // want `global load g\[tid\]: .*\b8 sectors[ ,]`
}

// G12: float64 g[tid+1], H100 9 sector(s) per request.
//
//smemlint:launch block=32
func G12(t *simt.Thread, g []float64) {
	sink := simt.Shared[[32]float64](t)
	tid := t.ThreadIdx.X
	sink[tid] = g[tid+1] // want `global load g\[tid\+1\]: .*\b9 sectors[ ,]`
}

// G13: uint8 g[tid], H100 1 sector(s) per request.
//
//smemlint:launch block=32
func G13(t *simt.Thread, g []uint8) {
	sink := simt.Shared[[32]uint8](t)
	tid := t.ThreadIdx.X
	sink[tid] = g[tid] // want `global load g\[tid\]: .*\b1 sector[ ,]`
}

// G14: [4]float32 g[tid], H100 16 sector(s) per request.
//
//smemlint:launch block=32
func G14(t *simt.Thread, g [][4]float32) {
	sink := simt.Shared[[32][4]float32](t)
	tid := t.ThreadIdx.X
	sink[tid] = g[tid] // want `global load g\[tid\]: .*\b16 sectors[ ,]`
}

// G17: uint16 g[tid], H100 2 sector(s) per request.
//
//smemlint:launch block=32
func G17(t *simt.Thread, g []uint16) {
	sink := simt.Shared[[32]uint16](t)
	tid := t.ThreadIdx.X
	sink[tid] = g[tid] // want `global load g\[tid\]: .*\b2 sectors[ ,]`
}

// G18: [4]float32 g[tid*2], H100 32 sector(s) per request.
//
//smemlint:launch block=32
func G18(t *simt.Thread, g [][4]float32) {
	sink := simt.Shared[[32][4]float32](t)
	tid := t.ThreadIdx.X
	sink[tid] = g[tid*2] // want `global load g\[tid\*2\]: .*\b32 sectors[ ,]`
}

// G19: float64 g[tid*2], H100 16 sector(s) per request.
//
//smemlint:launch block=32
func G19(t *simt.Thread, g []float64) {
	sink := simt.Shared[[32]float64](t)
	tid := t.ThreadIdx.X
	sink[tid] = g[tid*2] // want `global load g\[tid\*2\]: .*\b16 sectors[ ,]`
}

// G20: float32 g[tid+8], H100 4 sector(s) per request.
//
//smemlint:launch block=32
func G20(t *simt.Thread, g []float32) {
	sink := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	sink[tid] = g[tid+8] // want `global load g\[tid\+8\]: .*\b4 sectors[ ,]`
}

// GS1: g[tid] = v, H100 4 sectors per request.
//
//smemlint:launch block=32
func GS1(t *simt.Thread, g []float32) {
	tid := t.ThreadIdx.X
	g[tid] = float32(tid) // want `global store g\[tid\]: .*\b4 sectors[ ,]`
}

// GS2: g[tid*2] = v, H100 8 sectors per request.
//
//smemlint:launch block=32
func GS2(t *simt.Thread, g []float32) {
	tid := t.ThreadIdx.X
	g[tid*2] = float32(tid) // want `global store g\[tid\*2\]: .*\b8 sectors[ ,]`
}

// GS3: g[tid*32] = v, H100 32 sectors per request.
//
//smemlint:launch block=32
func GS3(t *simt.Thread, g []float32) {
	tid := t.ThreadIdx.X
	g[tid*32] = float32(tid) // want `global store g\[tid\*32\]: .*\b32 sectors[ ,]`
}

// PG1: float32 g[tid] on lanes where tid < 16, H100 2 sector(s).
//
//smemlint:launch block=32
func PG1(t *simt.Thread, g []float32) {
	sink := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	if tid < 16 {
		sink[tid] = g[tid] // want `global load g\[tid\]: .*\b2 sectors[ ,]`
	}
}

// PG2: float32 g[tid*32] on lanes where tid < 16, H100 16 sector(s).
//
//smemlint:launch block=32
func PG2(t *simt.Thread, g []float32) {
	sink := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	if tid < 16 {
		sink[tid] = g[tid*32] // want `global load g\[tid\*32\]: .*\b16 sectors[ ,]`
	}
}

// PG3: float64 g[tid] on lanes where tid < 16, H100 4 sector(s).
//
//smemlint:launch block=32
func PG3(t *simt.Thread, g []float64) {
	sink := simt.Shared[[32]float64](t)
	tid := t.ThreadIdx.X
	if tid < 16 {
		sink[tid] = g[tid] // want `global load g\[tid\]: .*\b4 sectors[ ,]`
	}
}

// PG4: [4]float32 g[tid] on lanes where tid < 16, H100 8 sector(s).
//
//smemlint:launch block=32
func PG4(t *simt.Thread, g [][4]float32) {
	sink := simt.Shared[[32][4]float32](t)
	tid := t.ThreadIdx.X
	if tid < 16 {
		sink[tid] = g[tid] // want `global load g\[tid\]: .*\b8 sectors[ ,]`
	}
}

// PG6: [4]float32 g[tid] on lanes where tid == 5, H100 1 sector(s).
//
//smemlint:launch block=32
func PG6(t *simt.Thread, g [][4]float32) {
	sink := simt.Shared[[32][4]float32](t)
	tid := t.ThreadIdx.X
	if tid == 5 {
		sink[tid] = g[tid] // want `global load g\[tid\]: .*\b1 sector[ ,]`
	}
}

// PG5: g[tid] = v on lanes 0..15, H100 2 sectors.
//
//smemlint:launch block=32
func PG5(t *simt.Thread, g []float32) {
	tid := t.ThreadIdx.X
	if tid < 16 {
		g[tid] = float32(tid) // want `global store g\[tid\]: .*\b2 sectors[ ,]`
	}
}

// G15: the naive transpose of a 1024x1024 matrix, block (32,8), grid
// (32,128): H100 4 sectors per load request, 32 per store request.
//
//smemlint:launch block=32x8 grid=32x128
func G15(t *simt.Thread, at, a []float32) {
	ix := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	iy := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	at[ix*1024+iy] = a[iy*1024+ix] // want `global load a\[iy\*1024\+ix\]: .*\b4 sectors[ ,]` `global store at\[ix\*1024\+iy\]: .*\b32 sectors[ ,]`
}

// G16: the naive matmul's A[ix*1024+7], ix = blockIdx.x*128 + tid over 8
// blocks of 128: H100 32 sectors per request.
//
//smemlint:launch block=128 grid=8
func G16(t *simt.Thread, a, out []float32) {
	ix := t.BlockIdx.X*128 + t.ThreadIdx.X
	sink := simt.Shared[[128]float32](t)
	sink[t.ThreadIdx.X] = a[ix*1024+7] // want `global load a\[ix\*1024\+7\]: .*\b32 sectors[ ,]`
}
