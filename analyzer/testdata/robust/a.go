// Package robust holds kernels written to trip the analysis up: the checks
// must finish on them without a crash, a hang or a false report.
package robust

import (
	"math"
	"unsafe"

	"github.com/smemlint/smemlint/simt"
)

func recursive(t *simt.Thread, s []float32, n int) float32 {
	if n == 0 {
		return s[t.ThreadIdx.X]
	}
	return recursive(t, s, n-1) + 1
}

//smemlint:launch block=64
func blowup(t *simt.Thread, out []float32, n int) {
	x := t.ThreadIdx.X + n
	for i := 0; i < 40; i++ {
		x = x*x + 1
	}
	y := x
	y = y*y*y*y + y*y*y + y*y
	//smemlint:ignore globalrace every thread stores the same word on purpose
	out[0] = float32(y)
	//smemlint:ignore globalrace every thread stores the same word on purpose
	out[1] = recursive(t, out, 1000)
}

//smemlint:launch block=32
func control(t *simt.Thread, out []float32) {
	tid := t.ThreadIdx.X
	i := 0
loop:
	if i < 3 {
		out[tid+i*32] = 1
		i++
		goto loop
	}
outer:
	for a := 0; a < 4; a++ {
		for b := 0; b < 4; b++ {
			if b == tid%4 {
				continue outer
			}
			if a > 2 {
				break outer
			}
		}
	}
	switch tid % 3 {
	case 0:
		out[tid] = 2
	case 1, 2:
		fallthrough
	default:
		out[tid] = 3
	}
	defer func() { out[tid] = 4 }()
	f := func(k int) { out[k] = 5 }
	f(tid)
	var iface any = out
	if s, ok := iface.([]float32); ok {
		s[tid] = 6
	}
	for k, v := range out[:4] {
		//smemlint:ignore warpsync every lane copies the same four words on purpose
		out[k] = v
	}
	for range 3 {
	}
	ch := make(chan int, 1)
	select {
	case ch <- 1:
	default:
	}
}

type vec struct{ x, y, z float32 }

func (v vec) norm() float32 { return float32(math.Sqrt(float64(v.x*v.x + v.y*v.y + v.z*v.z))) }

//smemlint:launch block=128
func values(t *simt.Thread, out []float32, vs []vec, p *vec, m map[int]float32) {
	tid := t.ThreadIdx.X
	v := vs[tid] //smemlint:ignore coalescing an array of structs on purpose
	w := *p
	//smemlint:ignore globalrace every thread stores the same value on purpose
	p.x = 1
	out[tid] = v.norm() + w.y + m[tid]
	arr := [4]float32{1, 2, 3, 4}
	out[tid] += arr[tid%4]
	sh := simt.Shared[[4][4][4]float32](t)
	row := sh[tid%4] //smemlint:ignore bankconflict copying 64-byte rows on purpose
	out[tid] += row[1][2]
	q := &sh[1][2][3]
	*q = 7 //smemlint:ignore smemrace,warpsync every thread stores the same value on purpose
	ptr := unsafe.Pointer(&out[0])
	_ = ptr
	zero := 0
	out[tid/zero+1] = 1
	//smemlint:ignore globalrace addresses past the shift width on purpose
	out[tid>>70] = 1
	//smemlint:ignore globalrace negative addresses on purpose
	out[-tid] = 1
	var big [1 << 20]float32
	//smemlint:ignore globalrace racing with the folded shift above on purpose
	out[tid] = big[tid]
	s := ""
	out[len(s)] = 1
}

//smemlint:launch block=1024 grid=65535x65535x65535
func hugeBlock(t *simt.Thread, out []float32) {
	//smemlint:ignore globalrace a grid too large to launch on purpose
	out[t.ThreadIdx.X] = 1
}

//smemlint:launch block=32
func loops(t *simt.Thread, out []float32, n int) {
	tid := t.ThreadIdx.X
	for i := 0; i < 1<<40; i++ {
		//smemlint:ignore warpsync overlapping lanes across iterations on purpose
		out[tid+i] = 1
	}
	for i := 1; i != 0; i *= 2 {
		out[tid] = 1
	}
	for i := 10; ; i-- {
		out[tid] = float32(i)
		if i < 0 {
			break
		}
	}
	// Four iterations from an unknown start around 64³ nested ones: the
	// index stays free of a true finding (the package has no
	// expectations), since the iterations now fit the enumeration.
	for i := n; i < n+4; i++ {
		for j := 0; j < 64; j++ {
			for k := 0; k < 64; k++ {
				for l := 0; l < 64; l++ {
					out[tid+i*j*k+l] = 1
				}
			}
		}
	}
	for {
		if tid > 4 {
			return
		}
	}
}
