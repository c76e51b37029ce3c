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
