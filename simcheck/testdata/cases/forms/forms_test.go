package forms

import (
	"testing"

	"github.com/smemlint/smemlint/simt"
)

func launch(t *testing.T, grid, block int, k func(*simt.Thread)) {
	t.Helper()
	if err := simt.Launch(simt.Config{Grid: simt.Dim3{X: grid}, Block: simt.Dim3{X: block}}, k); err != nil {
		t.Fatal(err)
	}
}

func TestForms(t *testing.T) {
	g, p := simt.Malloc[float32](128), simt.Malloc[float32](1)
	launch(t, 1, 64, func(t *simt.Thread) { Forms(t, g, &p[0]) })
	for tid := 0; tid < 64; tid++ {
		// s[tid] = tid+1, s[tid+64] = 2, v.B = 4; lanes below 32 swap.
		s := float32(tid + 1)
		if tid < 32 {
			s = 2
		}
		if g[tid*2] != s || g[tid*2+1] != s+4 {
			t.Errorf("thread %d: g = %v, %v; want %v, %v", tid, g[tid*2], g[tid*2+1], s, s+4)
		}
	}
	if p[0] != 2 {
		t.Errorf("*p = %v, want 2", p[0])
	}
}

func TestTree(t *testing.T) {
	in, out := simt.Malloc[float32](256), simt.Malloc[float32](2)
	for i := range in {
		in[i] = 1
	}
	launch(t, 2, 128, func(t *simt.Thread) { Tree(t, in, out) })
	if out[0] == 0 {
		t.Errorf("out[0] = 0")
	}
}

func TestRacy(t *testing.T) {
	out := simt.Malloc[float32](64)
	launch(t, 1, 64, func(t *simt.Thread) { Racy(t, out) })
}

func TestPick(t *testing.T) {
	g, out := simt.Malloc[float32](32), simt.Malloc[float32](32)
	for i := range g {
		g[i] = float32(i)
	}
	launch(t, 1, 32, func(t *simt.Thread) { Pick(t, g, out) })
	for tid, v := range out {
		want := float32(tid) // odd lanes: g
		if tid%2 == 0 {
			want = float32(-tid) // even lanes: s
		}
		if v != want {
			t.Errorf("out[%d] = %v, want %v", tid, v, want)
		}
	}
}

func TestHalves(t *testing.T) {
	out := simt.Malloc[float32](32)
	launch(t, 1, 32, func(t *simt.Thread) { Halves(t, out) })
	var a, b [16]float32
	for tid := 0; tid < 32; tid++ {
		if tid%2 == 0 {
			b[tid/2] = float32(tid)
		} else {
			a[tid/2] = float32(tid)
		}
	}
	for tid, v := range out {
		if want := a[tid%16] - b[tid%16]; v != want {
			t.Errorf("out[%d] = %v, want %v", tid, v, want)
		}
	}
}

// TestWrap checks the kernels whose unsigned loop counters wrap around
// against the same loops run in plain Go: the words they set.
func TestWrap(t *testing.T) {
	for _, c := range []struct {
		name   string
		kernel func(*simt.Thread, []float32)
		words  func(tid int, set func(idx int))
	}{
		{"CountDown", CountDown, func(tid int, set func(int)) {
			for i := uint(3); i < 4; i-- {
				set(tid * int(i+1))
			}
		}},
		{"Byte", Byte, func(tid int, set func(int)) {
			for i := uint8(254); i != 2; i++ {
				set(tid * (int(i)%4 + 1))
			}
		}},
		{"FromThread", FromThread, func(tid int, set func(int)) {
			for i := uint(tid); i < 64; i-- {
				set(int(i) * 2)
			}
		}},
	} {
		out := simt.Malloc[float32](32)
		launch(t, 1, 32, func(t *simt.Thread) { c.kernel(t, out) })
		var s [256]float32
		for tid := range 32 {
			c.words(tid, func(idx int) { s[idx] = 1 })
		}
		for tid, v := range out {
			if v != s[tid] {
				t.Errorf("%s: out[%d] = %v, want %v", c.name, tid, v, s[tid])
			}
		}
	}
}

// TestExclusive runs Exclusive with values of in[0] on each side of both
// conditions, and Compatible with one that lets both in (the traced run
// sees its race); out holds what each thread read, or 0.
func TestExclusive(t *testing.T) {
	for _, v := range []int32{0, 2, 3, 4, 5, 6, 8} {
		in, out := simt.Malloc[int32](1), simt.Malloc[float32](64)
		in[0] = v
		launch(t, 1, 64, func(t *simt.Thread) { Exclusive(t, in, out) })
		for tid, got := range out {
			if got != 0 {
				t.Errorf("Exclusive, in[0] = %d: out[%d] = %v, want 0 (no thread reads where thread 0 writes)", v, tid, got)
			}
		}
	}
	in, out := simt.Malloc[int32](1), simt.Malloc[float32](64)
	in[0] = 8
	launch(t, 1, 64, func(t *simt.Thread) { Compatible(t, in, out) })
	if out[0] != 1 {
		t.Errorf("Compatible: out[0] = %v, want 1 (thread 0 reads its own store)", out[0])
	}
}

func TestUnsigned(t *testing.T) {
	out := simt.Malloc[float32](64)
	launch(t, 1, 64, func(t *simt.Thread) { Unsigned(t, out) })
	var s [64]float32
	for tid := range 64 {
		s[(uint32(tid)-1)%64] = 1
	}
	s[63] = 1
	for tid, v := range out {
		if v != s[tid] {
			t.Errorf("out[%d] = %v, want %v", tid, v, s[tid])
		}
	}
}

func TestAbove(t *testing.T) {
	out := simt.Malloc[float32](64)
	launch(t, 1, 64, func(t *simt.Thread) { Above(t, out) })
	for tid, v := range out {
		if v != 1 {
			t.Errorf("out[%d] = %v, want 1 (every word stored)", tid, v)
		}
	}
}

func TestByData(t *testing.T) {
	for _, odd := range []bool{true, false} {
		in, out := simt.Malloc[int32](32), simt.Malloc[float32](32)
		var a, b [33]float32
		for tid := range in {
			if odd && tid%2 == 1 {
				in[tid] = 1
			}
			if in[tid] > 0 {
				b[tid+1] = float32(tid)
			} else {
				a[tid] = float32(tid)
			}
		}
		launch(t, 1, 32, func(t *simt.Thread) { ByData(t, in, out) })
		for tid, v := range out {
			if want := a[tid] - b[tid+1]; v != want {
				t.Errorf("odd %v: out[%d] = %v, want %v", odd, tid, v, want)
			}
		}
	}
}
