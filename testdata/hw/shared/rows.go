// Package shared holds one kernel per shared-memory row of the H100
// measurements in docs/hardware.md. Each diagnostic (a note under
// -verbose when there is no conflict) must state the measured wavefronts
// per request.
package shared

import "github.com/smemlint/smemlint/simt"

// S01: s[tid*1], H100 1 wavefront(s) per request.
//
//smemlint:launch block=32
func S01(t *simt.Thread, out []float32) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(s[tid*1]) // want `shared load s\[tid\*1\]: .*\b1 wavefront[ ,]`
}

// S02: s[tid*2], H100 2 wavefront(s) per request.
//
//smemlint:launch block=32
func S02(t *simt.Thread, out []float32) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(s[tid*2]) // want `shared load s\[tid\*2\]: .*\b2 wavefronts[ ,]`
}

// S03: s[tid*3], H100 1 wavefront(s) per request.
//
//smemlint:launch block=32
func S03(t *simt.Thread, out []float32) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(s[tid*3]) // want `shared load s\[tid\*3\]: .*\b1 wavefront[ ,]`
}

// S04: s[tid*4], H100 4 wavefront(s) per request.
//
//smemlint:launch block=32
func S04(t *simt.Thread, out []float32) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(s[tid*4]) // want `shared load s\[tid\*4\]: .*\b4 wavefronts[ ,]`
}

// S05: s[tid*8], H100 8 wavefront(s) per request.
//
//smemlint:launch block=32
func S05(t *simt.Thread, out []float32) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(s[tid*8]) // want `shared load s\[tid\*8\]: .*\b8 wavefronts[ ,]`
}

// S06: s[tid*16], H100 16 wavefront(s) per request.
//
//smemlint:launch block=32
func S06(t *simt.Thread, out []float32) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(s[tid*16]) // want `shared load s\[tid\*16\]: .*\b16 wavefronts[ ,]`
}

// S07: s[tid*17], H100 1 wavefront(s) per request.
//
//smemlint:launch block=32
func S07(t *simt.Thread, out []float32) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(s[tid*17]) // want `shared load s\[tid\*17\]: .*\b1 wavefront[ ,]`
}

// S08: s[tid*31], H100 1 wavefront(s) per request.
//
//smemlint:launch block=32
func S08(t *simt.Thread, out []float32) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(s[tid*31]) // want `shared load s\[tid\*31\]: .*\b1 wavefront[ ,]`
}

// S09: s[tid*32], H100 32 wavefront(s) per request.
//
//smemlint:launch block=32
func S09(t *simt.Thread, out []float32) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(s[tid*32]) // want `shared load s\[tid\*32\]: .*\b32 wavefronts[ ,]`
}

// S10: s[tid*33], H100 1 wavefront(s) per request.
//
//smemlint:launch block=32
func S10(t *simt.Thread, out []float32) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(s[tid*33]) // want `shared load s\[tid\*33\]: .*\b1 wavefront[ ,]`
}

// S11: s[0], H100 1 wavefront(s) per request.
//
//smemlint:launch block=32
func S11(t *simt.Thread, out []float32) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(s[0]) // want `shared load s\[0\]: .*\b1 wavefront[ ,]`
}

// S12: s[tid/2], H100 1 wavefront(s) per request.
//
//smemlint:launch block=32
func S12(t *simt.Thread, out []float32) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(s[tid/2]) // want `shared load s\[tid/2\]: .*\b1 wavefront[ ,]`
}

// S13: s[tid%16], H100 1 wavefront(s) per request.
//
//smemlint:launch block=32
func S13(t *simt.Thread, out []float32) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(s[tid%16]) // want `shared load s\[tid\%16\]: .*\b1 wavefront[ ,]`
}

// S14: s[(tid%8)*32], H100 8 wavefront(s) per request.
//
//smemlint:launch block=32
func S14(t *simt.Thread, out []float32) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(s[(tid%8)*32]) // want `shared load s\[\(tid\%8\)\*32\]: .*\b8 wavefronts[ ,]`
}

// S23a: s[2*1*tid], H100 2 wavefront(s) per request.
//
//smemlint:launch block=32
func S23a(t *simt.Thread, out []float32) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(s[2*1*tid]) // want `shared load s\[2\*1\*tid\]: .*\b2 wavefronts[ ,]`
}

// S23b: s[2*2*tid], H100 4 wavefront(s) per request.
//
//smemlint:launch block=32
func S23b(t *simt.Thread, out []float32) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(s[2*2*tid]) // want `shared load s\[2\*2\*tid\]: .*\b4 wavefronts[ ,]`
}

// S23c: s[2*4*tid], H100 8 wavefront(s) per request.
//
//smemlint:launch block=32
func S23c(t *simt.Thread, out []float32) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(s[2*4*tid]) // want `shared load s\[2\*4\*tid\]: .*\b8 wavefronts[ ,]`
}

// S23d: s[2*8*tid], H100 16 wavefront(s) per request.
//
//smemlint:launch block=32
func S23d(t *simt.Thread, out []float32) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(s[2*8*tid]) // want `shared load s\[2\*8\*tid\]: .*\b16 wavefronts[ ,]`
}

// X01: s[tid^1], H100 1 wavefront(s) per request.
//
//smemlint:launch block=32
func X01(t *simt.Thread, out []float32) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(s[tid^1]) // want `shared load s\[tid\^1\]: .*\b1 wavefront[ ,]`
}

// X02: s[tid%16+(tid/16)*32], H100 2 wavefront(s) per request.
//
//smemlint:launch block=32
func X02(t *simt.Thread, out []float32) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(s[tid%16+(tid/16)*32]) // want `shared load s\[tid\%16\+\(tid/16\)\*32\]: .*\b2 wavefronts[ ,]`
}

// X03: s[tid*64], H100 32 wavefront(s) per request.
//
//smemlint:launch block=32
func X03(t *simt.Thread, out []float32) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(s[tid*64]) // want `shared load s\[tid\*64\]: .*\b32 wavefronts[ ,]`
}

// X04: s[(tid%2)*32], H100 2 wavefront(s) per request.
//
//smemlint:launch block=32
func X04(t *simt.Thread, out []float32) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(s[(tid%2)*32]) // want `shared load s\[\(tid\%2\)\*32\]: .*\b2 wavefronts[ ,]`
}

// X05: s[tid>>5], H100 1 wavefront(s) per request.
//
//smemlint:launch block=32
func X05(t *simt.Thread, out []float32) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(s[tid>>5]) // want `shared load s\[tid>>5\]: .*\b1 wavefront[ ,]`
}

// D01: d[tid], H100 2 wavefront(s) per request.
//
//smemlint:launch block=32
func D01(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(d[tid]) // want `shared load d\[tid\]: .*\b2 wavefronts[ ,]`
}

// D02: d[tid*2], H100 4 wavefront(s) per request.
//
//smemlint:launch block=32
func D02(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(d[tid*2]) // want `shared load d\[tid\*2\]: .*\b4 wavefronts[ ,]`
}

// D03: d[tid*3], H100 2 wavefront(s) per request.
//
//smemlint:launch block=32
func D03(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(d[tid*3]) // want `shared load d\[tid\*3\]: .*\b2 wavefronts[ ,]`
}

// D04: d[tid*4], H100 8 wavefront(s) per request.
//
//smemlint:launch block=32
func D04(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(d[tid*4]) // want `shared load d\[tid\*4\]: .*\b8 wavefronts[ ,]`
}

// D05: d[tid*16], H100 32 wavefront(s) per request.
//
//smemlint:launch block=32
func D05(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(d[tid*16]) // want `shared load d\[tid\*16\]: .*\b32 wavefronts[ ,]`
}

// D06: d[0], H100 1 wavefront(s) per request.
//
//smemlint:launch block=32
func D06(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(d[0]) // want `shared load d\[0\]: .*\b1 wavefront[ ,]`
}

// D07: d[tid*8], H100 16 wavefront(s) per request.
//
//smemlint:launch block=32
func D07(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(d[tid*8]) // want `shared load d\[tid\*8\]: .*\b16 wavefronts[ ,]`
}

// D08: d[tid%16], H100 2 wavefront(s) per request.
//
//smemlint:launch block=32
func D08(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(d[tid%16]) // want `shared load d\[tid\%16\]: .*\b2 wavefronts[ ,]`
}

// D09: d[tid/2], H100 1 wavefront(s) per request.
//
//smemlint:launch block=32
func D09(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(d[tid/2]) // want `shared load d\[tid/2\]: .*\b1 wavefront[ ,]`
}

// D10: d[tid*32], H100 32 wavefront(s) per request.
//
//smemlint:launch block=32
func D10(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(d[tid*32]) // want `shared load d\[tid\*32\]: .*\b32 wavefronts[ ,]`
}

// D11: d[tid>>5], H100 1 wavefront(s) per request.
//
//smemlint:launch block=32
func D11(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(d[tid>>5]) // want `shared load d\[tid>>5\]: .*\b1 wavefront[ ,]`
}

// D12: d[tid%8+8*(tid/16)+16*((tid/8)%2)], H100 4 wavefront(s) per request.
//
//smemlint:launch block=32
func D12(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(d[tid%8+8*(tid/16)+16*((tid/8)%2)]) // want `shared load d\[tid\%8\+8\*\(tid/16\)\+16\*\(\(tid/8\)\%2\)\]: .*\b4 wavefronts[ ,]`
}

// D13: d[tid%8], H100 2 wavefront(s) per request.
//
//smemlint:launch block=32
func D13(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(d[tid%8]) // want `shared load d\[tid\%8\]: .*\b2 wavefronts[ ,]`
}

// D14: d[tid/4], H100 1 wavefront(s) per request.
//
//smemlint:launch block=32
func D14(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(d[tid/4]) // want `shared load d\[tid/4\]: .*\b1 wavefront[ ,]`
}

// D15: d[(tid%16)*2], H100 4 wavefront(s) per request.
//
//smemlint:launch block=32
func D15(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(d[(tid%16)*2]) // want `shared load d\[\(tid\%16\)\*2\]: .*\b4 wavefronts[ ,]`
}

// D16: d[tid%8+8*(tid/16)], H100 2 wavefront(s) per request.
//
//smemlint:launch block=32
func D16(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(d[tid%8+8*(tid/16)]) // want `shared load d\[tid\%8\+8\*\(tid/16\)\]: .*\b2 wavefronts[ ,]`
}

// D17: d[tid%2+2*(tid/4)], H100 1 wavefront(s) per request.
//
//smemlint:launch block=32
func D17(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(d[tid%2+2*(tid/4)]) // want `shared load d\[tid\%2\+2\*\(tid/4\)\]: .*\b1 wavefront[ ,]`
}

// D18: d[(tid%2+2*(tid/4))%8], H100 1 wavefront(s) per request.
//
//smemlint:launch block=32
func D18(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(d[(tid%2+2*(tid/4))%8]) // want `shared load d\[\(tid\%2\+2\*\(tid/4\)\)\%8\]: .*\b1 wavefront[ ,]`
}

// D19: d[(tid/2)%8], H100 1 wavefront(s) per request.
//
//smemlint:launch block=32
func D19(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(d[(tid/2)%8]) // want `shared load d\[\(tid/2\)\%8\]: .*\b1 wavefront[ ,]`
}

// D20: d[tid%4+4*(tid/8)], H100 2 wavefront(s) per request.
//
//smemlint:launch block=32
func D20(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(d[tid%4+4*(tid/8)]) // want `shared load d\[tid\%4\+4\*\(tid/8\)\]: .*\b2 wavefronts[ ,]`
}

// D21: d[(tid/2)*4], H100 4 wavefront(s) per request.
//
//smemlint:launch block=32
func D21(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(d[(tid/2)*4]) // want `shared load d\[\(tid/2\)\*4\]: .*\b4 wavefronts[ ,]`
}

// Q01: q[tid], H100 4 wavefront(s) per request.
//
//smemlint:launch block=32
func Q01(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	v := q[tid] // want `shared load q\[tid\]: .*\b4 wavefronts[ ,]`
	out[tid] = v[0]
}

// Q02: q[tid*2], H100 8 wavefront(s) per request.
//
//smemlint:launch block=32
func Q02(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	v := q[tid*2] // want `shared load q\[tid\*2\]: .*\b8 wavefronts[ ,]`
	out[tid] = v[0]
}

// Q03: q[tid*3], H100 4 wavefront(s) per request.
//
//smemlint:launch block=32
func Q03(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	v := q[tid*3] // want `shared load q\[tid\*3\]: .*\b4 wavefronts[ ,]`
	out[tid] = v[0]
}

// Q04: q[tid*4], H100 16 wavefront(s) per request.
//
//smemlint:launch block=32
func Q04(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	v := q[tid*4] // want `shared load q\[tid\*4\]: .*\b16 wavefronts[ ,]`
	out[tid] = v[0]
}

// Q05: q[0], H100 2 wavefront(s) per request.
//
//smemlint:launch block=32
func Q05(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	v := q[0] // want `shared load q\[0\]: .*\b2 wavefronts[ ,]`
	out[tid] = v[0]
}

// Q06: q[tid%8], H100 4 wavefront(s) per request.
//
//smemlint:launch block=32
func Q06(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	v := q[tid%8] // want `shared load q\[tid\%8\]: .*\b4 wavefronts[ ,]`
	out[tid] = v[0]
}

// Q07: q[tid*8], H100 32 wavefront(s) per request.
//
//smemlint:launch block=32
func Q07(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	v := q[tid*8] // want `shared load q\[tid\*8\]: .*\b32 wavefronts[ ,]`
	out[tid] = v[0]
}

// Q08: q[tid/4], H100 2 wavefront(s) per request.
//
//smemlint:launch block=32
func Q08(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	v := q[tid/4] // want `shared load q\[tid/4\]: .*\b2 wavefronts[ ,]`
	out[tid] = v[0]
}

// Q09: q[tid>>5], H100 2 wavefront(s) per request.
//
//smemlint:launch block=32
func Q09(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	v := q[tid>>5] // want `shared load q\[tid>>5\]: .*\b2 wavefronts[ ,]`
	out[tid] = v[0]
}

// Q10: q[((tid%8)>>1)+4*(tid>>4)+8*((tid>>3)&1)], H100 4 wavefront(s) per request.
//
//smemlint:launch block=32
func Q10(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	v := q[((tid%8)>>1)+4*(tid>>4)+8*((tid>>3)&1)] // want `shared load q\[\(\(tid\%8\)>>1\)\+4\*\(tid>>4\)\+8\*\(\(tid>>3\)&1\)\]: .*\b4 wavefronts[ ,]`
	out[tid] = v[0]
}

// Q11: q[tid/2], H100 2 wavefront(s) per request.
//
//smemlint:launch block=32
func Q11(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	v := q[tid/2] // want `shared load q\[tid/2\]: .*\b2 wavefronts[ ,]`
	out[tid] = v[0]
}

// Q12: q[tid/8], H100 2 wavefront(s) per request.
//
//smemlint:launch block=32
func Q12(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	v := q[tid/8] // want `shared load q\[tid/8\]: .*\b2 wavefronts[ ,]`
	out[tid] = v[0]
}

// Q13: q[tid/16], H100 2 wavefront(s) per request.
//
//smemlint:launch block=32
func Q13(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	v := q[tid/16] // want `shared load q\[tid/16\]: .*\b2 wavefronts[ ,]`
	out[tid] = v[0]
}

// Q14: q[tid%16], H100 4 wavefront(s) per request.
//
//smemlint:launch block=32
func Q14(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	v := q[tid%16] // want `shared load q\[tid\%16\]: .*\b4 wavefronts[ ,]`
	out[tid] = v[0]
}

// Q15: q[tid%4+4*(tid/8)], H100 4 wavefront(s) per request.
//
//smemlint:launch block=32
func Q15(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	v := q[tid%4+4*(tid/8)] // want `shared load q\[tid\%4\+4\*\(tid/8\)\]: .*\b4 wavefronts[ ,]`
	out[tid] = v[0]
}

// Q16: q[tid%2+2*(tid/4)], H100 2 wavefront(s) per request.
//
//smemlint:launch block=32
func Q16(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	v := q[tid%2+2*(tid/4)] // want `shared load q\[tid\%2\+2\*\(tid/4\)\]: .*\b2 wavefronts[ ,]`
	out[tid] = v[0]
}

// Q17: q[(tid/2)%8], H100 2 wavefront(s) per request.
//
//smemlint:launch block=32
func Q17(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	v := q[(tid/2)%8] // want `shared load q\[\(tid/2\)\%8\]: .*\b2 wavefronts[ ,]`
	out[tid] = v[0]
}

// Q18: q[(tid/2)*2], H100 4 wavefront(s) per request.
//
//smemlint:launch block=32
func Q18(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	v := q[(tid/2)*2] // want `shared load q\[\(tid/2\)\*2\]: .*\b4 wavefronts[ ,]`
	out[tid] = v[0]
}

// C01: c[tid], H100 1 wavefront(s) per request.
//
//smemlint:launch block=32
func C01(t *simt.Thread, out []float32) {
	c := simt.Shared[[4096]uint8](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(c[tid]) // want `shared load c\[tid\]: .*\b1 wavefront[ ,]`
}

// C02: c[tid*4], H100 1 wavefront(s) per request.
//
//smemlint:launch block=32
func C02(t *simt.Thread, out []float32) {
	c := simt.Shared[[4096]uint8](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(c[tid*4]) // want `shared load c\[tid\*4\]: .*\b1 wavefront[ ,]`
}

// C03: c[tid*128], H100 32 wavefront(s) per request.
//
//smemlint:launch block=32
func C03(t *simt.Thread, out []float32) {
	c := simt.Shared[[4096]uint8](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(c[tid*128]) // want `shared load c\[tid\*128\]: .*\b32 wavefronts[ ,]`
}

// C04: c[tid*2], H100 1 wavefront(s) per request.
//
//smemlint:launch block=32
func C04(t *simt.Thread, out []float32) {
	c := simt.Shared[[4096]uint8](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(c[tid*2]) // want `shared load c\[tid\*2\]: .*\b1 wavefront[ ,]`
}

// H01: h[tid], H100 1 wavefront(s) per request.
//
//smemlint:launch block=32
func H01(t *simt.Thread, out []float32) {
	h := simt.Shared[[4096]uint16](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(h[tid]) // want `shared load h\[tid\]: .*\b1 wavefront[ ,]`
}

// H02: h[tid*2], H100 1 wavefront(s) per request.
//
//smemlint:launch block=32
func H02(t *simt.Thread, out []float32) {
	h := simt.Shared[[4096]uint16](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(h[tid*2]) // want `shared load h\[tid\*2\]: .*\b1 wavefront[ ,]`
}

// H03: h[tid*64], H100 32 wavefront(s) per request.
//
//smemlint:launch block=32
func H03(t *simt.Thread, out []float32) {
	h := simt.Shared[[4096]uint16](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(h[tid*64]) // want `shared load h\[tid\*64\]: .*\b32 wavefronts[ ,]`
}

// ST1a: s[tid] = v, H100 1 wavefront(s) per request.
//
//smemlint:launch block=32
func ST1a(t *simt.Thread) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	s[tid] = float32(tid) // want `shared store s\[tid\]: .*\b1 wavefront[ ,]`
}

// ST1b: s[tid*2] = v, H100 2 wavefront(s) per request.
//
//smemlint:launch block=32
func ST1b(t *simt.Thread) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	s[tid*2] = float32(tid) // want `shared store s\[tid\*2\]: .*\b2 wavefronts[ ,]`
}

// ST1c: s[tid*32] = v, H100 32 wavefront(s) per request.
//
//smemlint:launch block=32
func ST1c(t *simt.Thread) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	s[tid*32] = float32(tid) // want `shared store s\[tid\*32\]: .*\b32 wavefronts[ ,]`
}

// ST1d: s[tid*33] = v, H100 1 wavefront(s) per request.
//
//smemlint:launch block=32
func ST1d(t *simt.Thread) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	s[tid*33] = float32(tid) // want `shared store s\[tid\*33\]: .*\b1 wavefront[ ,]`
}

// ST2: d[tid*2] = v, H100 4 wavefront(s) per request.
//
//smemlint:launch block=32
func ST2(t *simt.Thread) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	d[tid*2] = float64(tid) // want `shared store d\[tid\*2\]: .*\b4 wavefronts[ ,]`
}

// ST3: d[tid] = v, H100 2 wavefront(s) per request.
//
//smemlint:launch block=32
func ST3(t *simt.Thread) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	d[tid] = float64(tid) // want `shared store d\[tid\]: .*\b2 wavefronts[ ,]`
}

// ST4: q[tid] = v, H100 4 wavefront(s) per request.
//
//smemlint:launch block=32
func ST4(t *simt.Thread) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	q[tid] = [4]float32{1, 2, 3, 4} // want `shared store q\[tid\]: .*\b4 wavefronts[ ,]`
}

// ST5: c[tid] = v, H100 1 wavefront(s) per request.
//
//smemlint:launch block=32
func ST5(t *simt.Thread) {
	c := simt.Shared[[4096]uint8](t)
	tid := t.ThreadIdx.X
	c[tid] = uint8(tid) // want `shared store c\[tid\]: .*\b1 wavefront[ ,]`
}

// ST6: s[0] = v, H100 1 wavefront(s) per request.
//
//smemlint:launch block=32
func ST6(t *simt.Thread) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	s[0] = float32(tid) // want `shared store s\[0\]: .*\b1 wavefront[ ,]`
}

// ST7: d[tid/2] = v, H100 2 wavefront(s) per request.
//
//smemlint:launch block=32
func ST7(t *simt.Thread) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	d[tid/2] = float64(tid) // want `shared store d\[tid/2\]: .*\b2 wavefronts[ ,]`
}

// ST8: q[tid/2] = v, H100 4 wavefront(s) per request.
//
//smemlint:launch block=32
func ST8(t *simt.Thread) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	q[tid/2] = [4]float32{1, 2, 3, 4} // want `shared store q\[tid/2\]: .*\b4 wavefronts[ ,]`
}

// ST9: q[tid*2] = v, H100 8 wavefront(s) per request.
//
//smemlint:launch block=32
func ST9(t *simt.Thread) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	q[tid*2] = [4]float32{1, 2, 3, 4} // want `shared store q\[tid\*2\]: .*\b8 wavefronts[ ,]`
}

// PF1: d[tid] on lanes where all, H100 2 wavefront(s).
//
//smemlint:launch block=32
func PF1(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(d[tid]) // want `shared load d\[tid\]: .*\b2 wavefronts[ ,]`
}

// PF2: q[tid] on lanes where all, H100 4 wavefront(s).
//
//smemlint:launch block=32
func PF2(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	v := q[tid] // want `shared load q\[tid\]: .*\b4 wavefronts[ ,]`
	out[tid] = v[0]
}

// PF3: d[tid/2] on lanes where all, H100 1 wavefront(s).
//
//smemlint:launch block=32
func PF3(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	out[tid] = float32(d[tid/2]) // want `shared load d\[tid/2\]: .*\b1 wavefront[ ,]`
}

// PF4: q[tid/2] on lanes where all, H100 2 wavefront(s).
//
//smemlint:launch block=32
func PF4(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	v := q[tid/2] // want `shared load q\[tid/2\]: .*\b2 wavefronts[ ,]`
	out[tid] = v[0]
}

// P1a: s[tid*2] on lanes where tid < 16, H100 1 wavefront(s).
//
//smemlint:launch block=32
func P1a(t *simt.Thread, out []float32) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	if tid < 16 {
		out[tid] = float32(s[tid*2]) // want `shared load s\[tid\*2\]: .*\b1 wavefront[ ,]`
	}
}

// P1b: d[tid] on lanes where tid < 16, H100 1 wavefront(s).
//
//smemlint:launch block=32
func P1b(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	if tid < 16 {
		out[tid] = float32(d[tid]) // want `shared load d\[tid\]: .*\b1 wavefront[ ,]`
	}
}

// P1c: d[tid*2] on lanes where tid < 16, H100 2 wavefront(s).
//
//smemlint:launch block=32
func P1c(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	if tid < 16 {
		out[tid] = float32(d[tid*2]) // want `shared load d\[tid\*2\]: .*\b2 wavefronts[ ,]`
	}
}

// P1d: q[tid] on lanes where tid < 16, H100 2 wavefront(s).
//
//smemlint:launch block=32
func P1d(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	if tid < 16 {
		v := q[tid] // want `shared load q\[tid\]: .*\b2 wavefronts[ ,]`
		out[tid] = v[0]
	}
}

// P1e: q[tid*2] on lanes where tid < 16, H100 4 wavefront(s).
//
//smemlint:launch block=32
func P1e(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	if tid < 16 {
		v := q[tid*2] // want `shared load q\[tid\*2\]: .*\b4 wavefronts[ ,]`
		out[tid] = v[0]
	}
}

// P2a: d[tid] on lanes where tid < 8, H100 1 wavefront(s).
//
//smemlint:launch block=32
func P2a(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	if tid < 8 {
		out[tid] = float32(d[tid]) // want `shared load d\[tid\]: .*\b1 wavefront[ ,]`
	}
}

// P2b: q[tid] on lanes where tid < 8, H100 1 wavefront(s).
//
//smemlint:launch block=32
func P2b(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	if tid < 8 {
		v := q[tid] // want `shared load q\[tid\]: .*\b1 wavefront[ ,]`
		out[tid] = v[0]
	}
}

// P2c: q[tid*2] on lanes where tid < 8, H100 2 wavefront(s).
//
//smemlint:launch block=32
func P2c(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	if tid < 8 {
		v := q[tid*2] // want `shared load q\[tid\*2\]: .*\b2 wavefronts[ ,]`
		out[tid] = v[0]
	}
}

// P3a: d[tid] on lanes where tid >= 16, H100 1 wavefront(s).
//
//smemlint:launch block=32
func P3a(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	if tid >= 16 {
		out[tid] = float32(d[tid]) // want `shared load d\[tid\]: .*\b1 wavefront[ ,]`
	}
}

// P3b: q[tid] on lanes where tid >= 16, H100 2 wavefront(s).
//
//smemlint:launch block=32
func P3b(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	if tid >= 16 {
		v := q[tid] // want `shared load q\[tid\]: .*\b2 wavefronts[ ,]`
		out[tid] = v[0]
	}
}

// P4a: s[tid*32] on lanes where tid%2 == 0, H100 16 wavefront(s).
//
//smemlint:launch block=32
func P4a(t *simt.Thread, out []float32) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	if tid%2 == 0 {
		out[tid] = float32(s[tid*32]) // want `shared load s\[tid\*32\]: .*\b16 wavefronts[ ,]`
	}
}

// P4b: d[tid] on lanes where tid%2 == 0, H100 2 wavefront(s).
//
//smemlint:launch block=32
func P4b(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	if tid%2 == 0 {
		out[tid] = float32(d[tid]) // want `shared load d\[tid\]: .*\b2 wavefronts[ ,]`
	}
}

// P4c: d[tid/2] on lanes where tid%2 == 0, H100 1 wavefront(s).
//
//smemlint:launch block=32
func P4c(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	if tid%2 == 0 {
		out[tid] = float32(d[tid/2]) // want `shared load d\[tid/2\]: .*\b1 wavefront[ ,]`
	}
}

// P4d: q[tid] on lanes where tid%2 == 0, H100 4 wavefront(s).
//
//smemlint:launch block=32
func P4d(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	if tid%2 == 0 {
		v := q[tid] // want `shared load q\[tid\]: .*\b4 wavefronts[ ,]`
		out[tid] = v[0]
	}
}

// P4e: q[tid/2] on lanes where tid%2 == 0, H100 2 wavefront(s).
//
//smemlint:launch block=32
func P4e(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	if tid%2 == 0 {
		v := q[tid/2] // want `shared load q\[tid/2\]: .*\b2 wavefronts[ ,]`
		out[tid] = v[0]
	}
}

// P5a: d[tid] on lanes where tid%2 == 1, H100 2 wavefront(s).
//
//smemlint:launch block=32
func P5a(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	if tid%2 == 1 {
		out[tid] = float32(d[tid]) // want `shared load d\[tid\]: .*\b2 wavefronts[ ,]`
	}
}

// P5b: q[tid] on lanes where tid%2 == 1, H100 4 wavefront(s).
//
//smemlint:launch block=32
func P5b(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	if tid%2 == 1 {
		v := q[tid] // want `shared load q\[tid\]: .*\b4 wavefronts[ ,]`
		out[tid] = v[0]
	}
}

// P6a: q[tid] on lanes where tid < 24, H100 3 wavefront(s).
//
//smemlint:launch block=32
func P6a(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	if tid < 24 {
		v := q[tid] // want `shared load q\[tid\]: .*\b3 wavefronts[ ,]`
		out[tid] = v[0]
	}
}

// P6b: d[tid] on lanes where tid < 24, H100 2 wavefront(s).
//
//smemlint:launch block=32
func P6b(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	if tid < 24 {
		out[tid] = float32(d[tid]) // want `shared load d\[tid\]: .*\b2 wavefronts[ ,]`
	}
}

// P7a: s[tid] on lanes where tid == 5, H100 1 wavefront(s).
//
//smemlint:launch block=32
func P7a(t *simt.Thread, out []float32) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	if tid == 5 {
		out[tid] = float32(s[tid]) // want `shared load s\[tid\]: .*\b1 wavefront[ ,]`
	}
}

// P7b: d[tid] on lanes where tid == 5, H100 1 wavefront(s).
//
//smemlint:launch block=32
func P7b(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	if tid == 5 {
		out[tid] = float32(d[tid]) // want `shared load d\[tid\]: .*\b1 wavefront[ ,]`
	}
}

// P7c: q[tid] on lanes where tid == 5, H100 1 wavefront(s).
//
//smemlint:launch block=32
func P7c(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	if tid == 5 {
		v := q[tid] // want `shared load q\[tid\]: .*\b1 wavefront[ ,]`
		out[tid] = v[0]
	}
}

// P8a: d[tid/2] on lanes where tid < 16, H100 1 wavefront(s).
//
//smemlint:launch block=32
func P8a(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	if tid < 16 {
		out[tid] = float32(d[tid/2]) // want `shared load d\[tid/2\]: .*\b1 wavefront[ ,]`
	}
}

// P8b: q[tid/2] on lanes where tid < 16, H100 1 wavefront(s).
//
//smemlint:launch block=32
func P8b(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	if tid < 16 {
		v := q[tid/2] // want `shared load q\[tid/2\]: .*\b1 wavefront[ ,]`
		out[tid] = v[0]
	}
}

// P8c: d[0] on lanes where tid < 16, H100 1 wavefront(s).
//
//smemlint:launch block=32
func P8c(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	if tid < 16 {
		out[tid] = float32(d[0]) // want `shared load d\[0\]: .*\b1 wavefront[ ,]`
	}
}

// P8d: q[0] on lanes where tid < 16, H100 1 wavefront(s).
//
//smemlint:launch block=32
func P8d(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	if tid < 16 {
		v := q[0] // want `shared load q\[0\]: .*\b1 wavefront[ ,]`
		out[tid] = v[0]
	}
}

// P8e: q[tid/2] on lanes where tid < 8, H100 1 wavefront(s).
//
//smemlint:launch block=32
func P8e(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	if tid < 8 {
		v := q[tid/2] // want `shared load q\[tid/2\]: .*\b1 wavefront[ ,]`
		out[tid] = v[0]
	}
}

// P8f: d[tid/2] on lanes where tid != 31, H100 1 wavefront(s).
//
//smemlint:launch block=32
func P8f(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	if tid != 31 {
		out[tid] = float32(d[tid/2]) // want `shared load d\[tid/2\]: .*\b1 wavefront[ ,]`
	}
}

// P8g: q[tid/2] on lanes where tid != 31, H100 2 wavefront(s).
//
//smemlint:launch block=32
func P8g(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	if tid != 31 {
		v := q[tid/2] // want `shared load q\[tid/2\]: .*\b2 wavefronts[ ,]`
		out[tid] = v[0]
	}
}

// PE1: d[tid%16+tid/16*4] on lanes where tid%16 < 4, H100 2 wavefront(s).
//
//smemlint:launch block=32
func PE1(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	if tid%16 < 4 {
		out[tid] = float32(d[tid%16+tid/16*4]) // want `shared load d\[tid\%16\+tid/16\*4\]: .*\b2 wavefronts[ ,]`
	}
}

// PE2: q[tid%8+tid/8*4] on lanes where tid%8 < 4, H100 4 wavefront(s).
//
//smemlint:launch block=32
func PE2(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	if tid%8 < 4 {
		v := q[tid%8+tid/8*4] // want `shared load q\[tid\%8\+tid/8\*4\]: .*\b4 wavefronts[ ,]`
		out[tid] = v[0]
	}
}

// PE3: d[tid/16] on lanes where tid%16 == 0, H100 1 wavefront(s).
//
//smemlint:launch block=32
func PE3(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	if tid%16 == 0 {
		out[tid] = float32(d[tid/16]) // want `shared load d\[tid/16\]: .*\b1 wavefront[ ,]`
	}
}

// PE4: q[tid/8] on lanes where tid%8 == 0, H100 2 wavefront(s).
//
//smemlint:launch block=32
func PE4(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	if tid%8 == 0 {
		v := q[tid/8] // want `shared load q\[tid/8\]: .*\b2 wavefronts[ ,]`
		out[tid] = v[0]
	}
}

// P9a: d[tid] = v on lanes where tid < 16, H100 1 wavefront(s).
//
//smemlint:launch block=32
func P9a(t *simt.Thread) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	if tid < 16 {
		d[tid] = float64(tid) // want `shared store d\[tid\]: .*\b1 wavefront[ ,]`
	}
}

// P9b: q[tid] = v on lanes where tid < 16, H100 2 wavefront(s).
//
//smemlint:launch block=32
func P9b(t *simt.Thread) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	if tid < 16 {
		q[tid] = [4]float32{1, 2, 3, 4} // want `shared store q\[tid\]: .*\b2 wavefronts[ ,]`
	}
}

// P9c: s[tid*32] = v on lanes where tid < 16, H100 16 wavefront(s).
//
//smemlint:launch block=32
func P9c(t *simt.Thread) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	if tid < 16 {
		s[tid*32] = float32(tid) // want `shared store s\[tid\*32\]: .*\b16 wavefronts[ ,]`
	}
}

// S21: struct{x, y, z float32} v[tid].x, H100 1 wavefront.
//
//smemlint:launch block=32
func S21(t *simt.Thread, out []float32) {
	v := simt.Shared[[64]struct{ x, y, z float32 }](t)
	tid := t.ThreadIdx.X
	out[tid] = v[tid].x // want `shared load v\[tid\]\.x: .*\b1 wavefront[ ,]`
}

// S22: struct{x, y float32} w[tid].x, H100 2 wavefronts.
//
//smemlint:launch block=32
func S22(t *simt.Thread, out []float32) {
	w := simt.Shared[[64]struct{ x, y float32 }](t)
	tid := t.ThreadIdx.X
	out[tid] = w[tid].x // want `shared load w\[tid\]\.x: .*\b2 wavefronts[ ,]`
}

// S15: tile[tx][ty] with block 32x32, H100 32 wavefront(s) per request
// (SourceCounters); 32 requests and 1024 wavefronts per block.
//
//smemlint:launch block=32x32
func S15(t *simt.Thread, out []float32) {
	tile := simt.Shared[[32][32]float32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	out[ty*t.BlockDim.X+tx] = tile[tx][ty] // want `shared load tile\[tx\]\[ty\]: .*\b32 wavefronts[ ,].*per block: 32 requests, 1024 wavefronts`
}

// S16: tile[tx][ty] with block 32x32, H100 1 wavefront(s) per request
// (SourceCounters); 32 requests and 32 wavefronts per block.
//
//smemlint:launch block=32x32
func S16(t *simt.Thread, out []float32) {
	tile := simt.Shared[[32][33]float32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	out[ty*t.BlockDim.X+tx] = tile[tx][ty] // want `shared load tile\[tx\]\[ty\]: .*\b1 wavefront[ ,].*per block: 32 requests, 32 wavefronts`
}

// S17: tile[ty][tx] with block 32x32, H100 1 wavefront(s) per request
// (SourceCounters); 32 requests and 32 wavefronts per block.
//
//smemlint:launch block=32x32
func S17(t *simt.Thread, out []float32) {
	tile := simt.Shared[[32][32]float32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	out[ty*t.BlockDim.X+tx] = tile[ty][tx] // want `shared load tile\[ty\]\[tx\]: .*\b1 wavefront[ ,].*per block: 32 requests, 32 wavefronts`
}

// S18: tile[tx][ty] with block 16x16, H100 8 wavefront(s) per request
// (SourceCounters); 8 requests and 64 wavefronts per block.
//
//smemlint:launch block=16x16
func S18(t *simt.Thread, out []float32) {
	tile := simt.Shared[[16][16]float32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	out[ty*t.BlockDim.X+tx] = tile[tx][ty] // want `shared load tile\[tx\]\[ty\]: .*\b8 wavefronts[ ,].*per block: 8 requests, 64 wavefronts`
}

// S19: tile[tx][ty] with block 16x16, H100 2 wavefront(s) per request
// (SourceCounters); 8 requests and 16 wavefronts per block.
//
//smemlint:launch block=16x16
func S19(t *simt.Thread, out []float32) {
	tile := simt.Shared[[16][17]float32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	out[ty*t.BlockDim.X+tx] = tile[tx][ty] // want `shared load tile\[tx\]\[ty\]: .*\b2 wavefronts[ ,].*per block: 8 requests, 16 wavefronts`
}

// S20: tile[tx*32+(ty^tx)] with block 32x32, H100 1 wavefront(s) per request
// (SourceCounters); 32 requests and 32 wavefronts per block.
//
//smemlint:launch block=32x32
func S20(t *simt.Thread, out []float32) {
	tile := simt.Shared[[1024]float32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	out[ty*t.BlockDim.X+tx] = tile[tx*32+(ty^tx)] // want `shared load tile\[tx\*32\+\(ty\^tx\)\]: .*\b1 wavefront[ ,].*per block: 32 requests, 32 wavefronts`
}

// S24a: tile[ty*32+5] with block 32x32, H100 1 wavefront(s) per request
// (SourceCounters); 32 requests and 32 wavefronts per block.
//
//smemlint:launch block=32x32
func S24a(t *simt.Thread, out []float32) {
	tile := simt.Shared[[1024]float32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	out[ty*t.BlockDim.X+tx] = tile[ty*32+5] // want `shared load tile\[ty\*32\+5\]: .*\b1 wavefront[ ,].*per block: 32 requests, 32 wavefronts`
}

// S24b: tile[5*32+tx] with block 32x32, H100 1 wavefront(s) per request
// (SourceCounters); 32 requests and 32 wavefronts per block.
//
//smemlint:launch block=32x32
func S24b(t *simt.Thread, out []float32) {
	tile := simt.Shared[[1024]float32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	out[ty*t.BlockDim.X+tx] = tile[5*32+tx] // want `shared load tile\[5\*32\+tx\]: .*\b1 wavefront[ ,].*per block: 32 requests, 32 wavefronts`
}

// M1: s[tid*2] in a 256-thread block where tid < 64: H100 2
// requests, 4 wavefronts (warps with no lane on make no request).
//
//smemlint:launch block=256
func M1(t *simt.Thread, out []float32) {
	s := simt.Shared[[4096]float32](t)
	tid := t.ThreadIdx.X
	if tid < 64 {
		out[tid] = float32(s[tid*2]) // want `shared load s\[tid\*2\]: .*per block: 2 requests, 4 wavefronts`
	}
}

// M2: d[tid] in a 256-thread block where tid < 64: H100 2
// requests, 4 wavefronts (warps with no lane on make no request).
//
//smemlint:launch block=256
func M2(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	if tid < 64 {
		out[tid] = float32(d[tid]) // want `shared load d\[tid\]: .*per block: 2 requests, 4 wavefronts`
	}
}

// M3: d[tid] in a 256-thread block where tid < 48: H100 2
// requests, 3 wavefronts (warps with no lane on make no request).
//
//smemlint:launch block=256
func M3(t *simt.Thread, out []float32) {
	d := simt.Shared[[2048]float64](t)
	tid := t.ThreadIdx.X
	if tid < 48 {
		out[tid] = float32(d[tid]) // want `shared load d\[tid\]: .*per block: 2 requests, 3 wavefronts`
	}
}

// M4: q[tid] in a 256-thread block where tid < 40: H100 2
// requests, 5 wavefronts (warps with no lane on make no request).
//
//smemlint:launch block=256
func M4(t *simt.Thread, out []float32) {
	q := simt.Shared[[1024][4]float32](t)
	tid := t.ThreadIdx.X
	if tid < 40 {
		v := q[tid] // want `shared load q\[tid\]: .*per block: 2 requests, 5 wavefronts`
		out[tid] = v[0]
	}
}
