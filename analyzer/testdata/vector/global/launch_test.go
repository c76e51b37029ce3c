package global

import (
	"testing"

	"github.com/smemlint/smemlint/simt"
)

func launch(t *testing.T, name string, k func(th *simt.Thread)) {
	t.Helper()
	if err := simt.Launch(simt.Config{Grid: simt.Dim3{X: 2}, Block: simt.Dim3{X: 64}}, k); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// TestVectors runs every kernel in the simulator and compares its output
// with the same computation in plain Go; simcheck traces these launches.
func TestVectors(t *testing.T) {
	const n = 128
	a := simt.Malloc[float32](64 * n)
	for i := range a {
		a[i] = float32(i%97) - 40
	}
	out := simt.Malloc[float32](2 * n)
	check := func(name string, want func(i int) float32) {
		t.Helper()
		for i := 0; i < n; i++ {
			if out[i] != want(i) {
				t.Fatalf("%s: out[%d] = %v, want %v", name, i, out[i], want(i))
			}
		}
	}
	launch(t, "convert4", func(th *simt.Thread) { convert4(th, a, out) })
	check("convert4", func(i int) float32 { return a[4*i] + a[4*i+1] + a[4*i+2] + a[4*i+3] })
	launch(t, "deref4", func(th *simt.Thread) { deref4(th, a, out) })
	check("deref4", func(i int) float32 { return a[4*i+1] - a[4*i+2] })
	launch(t, "unaligned4", func(th *simt.Thread) { unaligned4(th, a, out) })
	check("unaligned4", func(i int) float32 { return a[4*i+4] })
	launch(t, "float2Pair", func(th *simt.Thread) { float2Pair(th, a, out) })
	for i := 0; i < n; i++ {
		if got, want := out[2*i+1], a[2*i]*a[2*i+1]; got != want {
			t.Fatalf("float2Pair: out[%d] = %v, want %v", 2*i+1, got, want)
		}
	}

	launch(t, "pairSum", func(th *simt.Thread) { pairSum(th, a, out) })
	check("pairSum", func(i int) float32 { return a[2*i] + a[2*i+1] })
	b, c := simt.Malloc[float32](64*n), simt.Malloc[float32](n)
	for i := range b {
		b[i] = float32(i%5) - 2
	}
	launch(t, "rowDot", func(th *simt.Thread) { rowDot(th, a, b, c) })
	for j := 0; j < n; j++ {
		want := float32(0)
		for k := 0; k < 64; k++ {
			want += a[k] * b[k*128+j]
		}
		if c[j] != want {
			t.Fatalf("rowDot: c[%d] = %v, want %v", j, c[j], want)
		}
	}

	src, dst := simt.Malloc[int32](4*n), simt.Malloc[int32](4*n)
	for i := range src {
		src[i] = int32(i*31 + 7)
	}
	launch(t, "int4Copy", func(th *simt.Thread) { int4Copy(th, dst, src) })
	for i := range src {
		if dst[i] != src[i] {
			t.Fatalf("int4Copy: dst[%d] = %d, want %d", i, dst[i], src[i])
		}
	}

	d, dout := simt.Malloc[float64](64*n), simt.Malloc[float64](n)
	for i := range d {
		d[i] = float64(i%13) * 0.5
	}
	launch(t, "double2Rows", func(th *simt.Thread) { double2Rows(th, d, dout) })
	for i := 0; i < n; i++ {
		if want := d[64*i] + d[64*i+1]; dout[i] != want {
			t.Fatalf("double2Rows: out[%d] = %v, want %v", i, dout[i], want)
		}
	}
}
