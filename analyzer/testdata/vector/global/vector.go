// Package global holds vector accesses in Go form (issue 11, construct
// 7): a slice converted to an array, [N]E(s[i:i+N]), or to an array
// pointer, *(*[N]E)(s[i:]), is one access of the whole array, like CUDA's
// float2/float4/int4/double2; the copy's elements are registers. Checked
// by the coalescing check with -verbose and by simcheck (launch_test.go).
package global

import "github.com/smemlint/smemlint/simt"

// convert4 reads a float4 per thread and sums it. Before: each w[k] was a
// global load of 16 sectors (ideal 4), four false findings.
//
//smemlint:launch block=64 grid=2
func convert4(t *simt.Thread, a, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	w := [4]float32(a[4*i : 4*i+4])    // want `note: global load \[4\]float32\(a\[4\*i : 4\*i\+4\]\): 16 sectors per request \(ideal 16\); block 64`
	out[i] = w[0] + w[1] + w[2] + w[3] // want `note: global store out\[i\]: 4 sectors per request \(ideal 4\)`
}

// deref4 reads through an array pointer. Before: no figure at all.
//
//smemlint:launch block=64 grid=2
func deref4(t *simt.Thread, a, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	w := *(*[4]float32)(a[4*i:]) // want `note: global load \*\(\*\[4\]float32\)\(a\[4\*i:\]\): 16 sectors per request \(ideal 16\)`
	out[i] = w[1] - w[2]         // want `note: global store out\[i\]: 4 sectors`
}

// int4Copy copies an int4 per thread through array pointers: one 16-byte
// load and one 16-byte store.
//
//smemlint:launch block=64 grid=2
func int4Copy(t *simt.Thread, dst, src []int32) {
	i := 4 * (t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X)
	*(*[4]int32)(dst[i:]) = *(*[4]int32)(src[i:]) // want `note: global load \*\(\*\[4\]int32\)\(src\[i:\]\): 16 sectors per request \(ideal 16\)` `note: global store \*\(\*\[4\]int32\)\(dst\[i:\]\): 16 sectors per request \(ideal 16\)`
}

// float2Pair reads a float2 per thread; one element of the pointer is one
// 4-byte access.
//
//smemlint:launch block=64 grid=2
func float2Pair(t *simt.Thread, a, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	w := [2]float32(a[2*i : 2*i+2]) // want `note: global load \[2\]float32\(a\[2\*i : 2\*i\+2\]\): 8 sectors per request \(ideal 8\)`
	p := (*[2]float32)(out[2*i:])
	p[1] = w[0] * w[1] // want `global store p\[1\]: 8 sectors per request \(ideal 4\): lanes are 8 bytes apart`
}

// double2Rows reads a double2 per thread with rows of 64 doubles: a
// 16-byte access whose lanes are 512 bytes apart.
//
//smemlint:launch block=64 grid=2
func double2Rows(t *simt.Thread, a []float64, out []float64) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	w := [2]float64(a[64*i : 64*i+2]) // want `global load \[2\]float64\(a\[64\*i : 64\*i\+2\]\): 32 sectors per request \(ideal 16\)`
	out[i] = w[0] + w[1]              // want `note: global store out\[i\]: 8 sectors`
}

// unaligned4 converts at an offset that is not a multiple of 16 bytes:
// the model splits it into four 4-byte accesses (CUDA's float4 would
// fault; Go reads the elements).
//
//smemlint:launch block=64 grid=2
func unaligned4(t *simt.Thread, a, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	w := [4]float32(a[4*i+1 : 4*i+5]) // want `global load \[4\]float32\(a\[4\*i\+1 : 4\*i\+5\]\)`
	out[i] = w[3]                     // want `note: global store out\[i\]: 4 sectors`
}

// pairSum reads two adjacent floats per thread in straight-line code:
// merged, one 8-byte load.
//
//smemlint:launch block=64 grid=2
func pairSum(t *simt.Thread, a, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	out[i] = a[2*i] + a[2*i+1] // want `note: global store out\[i\]: 4 sectors` `global load a\[2\*i\]: 8 sectors per request \(ideal 4\)` `global load a\[2\*i\+1\]: 8 sectors per request \(ideal 4\)` `note: global load a\[2\*i\]: nvcc -O3 may merge it with a\[2\*i\+1\] into one 8-byte load: 8 sectors per request \(ideal 8\) for 2 elements, against 2 requests, 16 sectors in all, as written`
}

// rowDot stores in the loop that reads a row, as PolyBench gemm does: the
// store may alias the row, so nvcc -O3 keeps the loads scalar (measured:
// gemm line 130, 32 scalar loads in the unrolled loop) and no merge is
// noted.
//
//smemlint:launch block=64 grid=2
func rowDot(t *simt.Thread, a, b, c []float32) {
	const n = 64
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	for k := 0; k < n; k++ {
		c[j] += a[k] * b[k*128+j] // want `note: global load c\[j\]: 4 sectors` `note: global store c\[j\]: 4 sectors` `note: global load a\[k\]: 1 sector` `note: global load b\[k\*128\+j\]: 4 sectors`
	}
}
