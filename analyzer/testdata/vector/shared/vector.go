// Package shared holds vector accesses of shared memory in Go form (issue
// 11, construct 7): [N]E(s[i:i+N]) and *(*[N]E)(s[i:]) are one access of
// the whole array (LDS.64/LDS.128), priced by the same model as the
// simulator's trace. Checked by the bankconflict check with -verbose and
// by simcheck (launch_test.go).
package shared

import "github.com/smemlint/smemlint/simt"

// float4Rows reads a float4 per thread from consecutive 16-byte slots:
// four wavefronts, the least a 512-byte request needs. Before: four false
// findings on w[k].
//
//smemlint:launch block=64
func float4Rows(t *simt.Thread, in, out []float32) {
	tx := t.ThreadIdx.X
	tile := simt.Shared[[256]float32](t)
	*(*[4]float32)(tile[4*tx:]) = [4]float32(in[4*tx : 4*tx+4]) // want `note: shared store \*\(\*\[4\]float32\)\(tile\[4\*tx:\]\): 4 wavefronts per request \(ideal 4\)`
	t.SyncThreads()
	w := [4]float32(tile[4*tx : 4*tx+4]) // want `note: shared load \[4\]float32\(tile\[4\*tx : 4\*tx\+4\]\): 4 wavefronts per request \(ideal 4\)`
	out[tx] = w[0] + w[3]
}

// float2Stride reads float2 values two slots apart: 8-byte accesses 16
// bytes apart.
//
//smemlint:launch block=64
func float2Stride(t *simt.Thread, in, out []float32) {
	tx := t.ThreadIdx.X
	tile := simt.Shared[[256]float32](t)
	tile[tx] = in[tx]         // want `note: shared store tile\[tx\]: 1 wavefront`
	tile[tx+64] = in[tx+64]   // want `note: shared store tile\[tx\+64\]: 1 wavefront`
	tile[tx+128] = in[tx+128] // want `note: shared store tile\[tx\+128\]: 1 wavefront`
	tile[tx+192] = in[tx+192] // want `note: shared store tile\[tx\+192\]: 1 wavefront`
	t.SyncThreads()
	w := *(*[2]float32)(tile[4*tx:]) // want `shared load \*\(\*\[2\]float32\)\(tile\[4\*tx:\]\): 2-way bank conflict \(4 wavefronts, ideal 2\)`
	out[tx] = w[0] * w[1]
}

// double2Broadcast has every lane read the same double2: two wavefronts
// on an H100, not one (measured: hw/results/micro/tables.md, case Q05,
// q[0] of a float4 array).
//
//smemlint:launch block=64
func double2Broadcast(t *simt.Thread, in []float64, out []float64) {
	tx := t.ThreadIdx.X
	d := simt.Shared[[128]float64](t)
	d[tx] = in[tx]       // want `note: shared store d\[tx\]: 2 wavefronts`
	d[tx+64] = in[tx+64] // want `note: shared store d\[tx\+64\]: 2 wavefronts`
	t.SyncThreads()
	w := [2]float64(d[2:4]) // want `note: shared load \[2\]float64\(d\[2:4\]\): 2 wavefronts per request \(ideal 2\)`
	out[tx] = w[0] + w[1]
}

// int4Strided reads an int4 per thread, rows 32 bytes apart.
//
//smemlint:launch block=32
func int4Strided(t *simt.Thread, in, out []int32) {
	tx := t.ThreadIdx.X
	q := simt.Shared[[256]int32](t)
	for k := 0; k < 8; k++ {
		q[tx+32*k] = in[tx+32*k] // want `note: shared store q\[tx\+32\*k\]: 1 wavefront`
	}
	t.SyncThreads()
	w := [4]int32(q[8*tx : 8*tx+4]) // want `shared load \[4\]int32\(q\[8\*tx : 8\*tx\+4\]\): 2-way bank conflict \(8 wavefronts, ideal 4\)`
	out[tx] = w[0] ^ w[2]
}

// rowSum reads a row of a tile in an unrolled loop, as Rodinia lud's
// internal kernel does (lud.cu line 186): nvcc -O3 reads four iterations'
// elements with one LDS.128, two wavefronts for the two rows a warp
// reads (measured on the H100: testdata/realcode/hw/O3, lud_internal line
// 186, 43200 wavefronts in 36000 requests).
//
//smemlint:launch block=16x16
func rowSum(t *simt.Thread, in, out []float32) {
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	s := simt.Shared[[16][16]float32](t)
	s[ty][tx] = in[16*ty+tx] // want `note: shared store s\[ty\]\[tx\]: 1 wavefront`
	t.SyncThreads()
	sum := float32(0)
	for i := 0; i < 16; i++ {
		sum += s[ty][i] // want `note: shared load s\[ty\]\[i\]: 1 wavefront per request \(ideal 1\)` `note: shared load s\[ty\]\[i\]: nvcc -O3 may unroll the loop \(vector.go:82\) and read 4 iterations' elements as one 16-byte load: 2 wavefronts per request \(ideal 2\) for 4 elements, against 4 requests of 1 wavefront as written; block 16×16`
	}
	out[16*ty+tx] = sum
}

// fourScalars reads four adjacent words per thread in straight-line code:
// as written, four 4-way conflicts; merged, one conflict-free LDS.128.
//
//smemlint:launch block=64
func fourScalars(t *simt.Thread, in, out []float32) {
	tx := t.ThreadIdx.X
	s := simt.Shared[[256]float32](t)
	for k := 0; k < 4; k++ {
		s[64*k+tx] = in[64*k+tx] // want `note: shared store s\[64\*k\+tx\]: 1 wavefront`
	}
	t.SyncThreads()
	out[tx] = s[4*tx] + s[4*tx+1] + s[4*tx+2] + s[4*tx+3] // want `shared load s\[4\*tx\]: 4-way bank conflict` `note: shared load s\[4\*tx\]: nvcc -O3 may merge it with s\[4\*tx\+1\], s\[4\*tx\+2\], s\[4\*tx\+3\] into one 16-byte load: 4 wavefronts per request \(ideal 4\) for 4 elements, against 4 requests, 16 wavefronts in all, as written` `shared load s\[4\*tx\+1\]: 4-way` `shared load s\[4\*tx\+2\]: 4-way` `shared load s\[4\*tx\+3\]: 4-way`
}

// scanInPlace writes the array it reads in the loop: no merge note.
//
//smemlint:launch block=32
func scanInPlace(t *simt.Thread, out []float32) {
	tx := t.ThreadIdx.X
	s := simt.Shared[[32][33]float32](t)
	s[tx][0] = 1 // want `note: shared store s\[tx\]\[0\]: 1 wavefront`
	for i := 1; i < 32; i++ {
		s[tx][i] = s[tx][i-1] + 1 // want `note: shared load s\[tx\]\[i-1\]: 1 wavefront` `note: shared store s\[tx\]\[i\]: 1 wavefront`
	}
	out[tx] = s[tx][31] // want `note: shared load s\[tx\]\[31\]: 1 wavefront`
}

// float4Mixed has each warp read one float4, at s[0:4] for warp 0 and at
// s[5:9] for warp 1: warp 0's address is a multiple of 16, one LDS.128
// broadcast (2 wavefronts on an H100); warp 1's is not, and its lanes
// read the four elements one by one, four broadcasts of one wavefront.
// Each is a request of the lanes that make it. Before: every warp was
// priced as four 4-byte loads, and warp 0's 16-byte request, which the
// simulator measures, had no figure.
//
//smemlint:launch block=64
func float4Mixed(t *simt.Thread, in, out []float32) {
	tx := t.ThreadIdx.X
	s := simt.Shared[[64]float32](t)
	s[tx] = in[tx] // want `note: shared store s\[tx\]: 1 wavefront`
	t.SyncThreads()
	i := 5 * (tx / 32)
	w := [4]float32(s[i : i+4]) // want `note: shared load \[4\]float32\(s\[i : i\+4\]\) \(at a multiple of 16 bytes\): 2 wavefronts per request \(ideal 2\); block 64; per block: 1 request, 2 wavefronts`
	out[tx] = w[0] - w[3]
}
