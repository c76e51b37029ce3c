package shared

import (
	"testing"

	"github.com/smemlint/smemlint/simt"
)

func launch(t *testing.T, name string, block int, k func(th *simt.Thread)) {
	t.Helper()
	if err := simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: block}}, k); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// TestVectors runs every kernel in the simulator and compares its output
// with the same computation in plain Go; simcheck traces these launches.
func TestVectors(t *testing.T) {
	in := simt.Malloc[float32](256)
	for i := range in {
		in[i] = float32(i%29) - 11
	}
	out := simt.Malloc[float32](64)
	check := func(name string, want func(i int) float32) {
		t.Helper()
		for i := range out {
			if out[i] != want(i) {
				t.Fatalf("%s: out[%d] = %v, want %v", name, i, out[i], want(i))
			}
		}
	}
	launch(t, "float4Rows", 64, func(th *simt.Thread) { float4Rows(th, in, out) })
	check("float4Rows", func(i int) float32 { return in[4*i] + in[4*i+3] })
	launch(t, "float2Stride", 64, func(th *simt.Thread) { float2Stride(th, in, out) })
	check("float2Stride", func(i int) float32 { return in[4*i] * in[4*i+1] })

	d, dout := simt.Malloc[float64](128), simt.Malloc[float64](64)
	for i := range d {
		d[i] = float64(i) * 0.25
	}
	launch(t, "double2Broadcast", 64, func(th *simt.Thread) { double2Broadcast(th, d, dout) })
	for i := range dout {
		if dout[i] != d[2]+d[3] {
			t.Fatalf("double2Broadcast: out[%d] = %v, want %v", i, dout[i], d[2]+d[3])
		}
	}

	grid := func(name string, block simt.Dim3, k func(th *simt.Thread)) {
		t.Helper()
		if err := simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: block}, k); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	rows := simt.Malloc[float32](256)
	grid("rowSum", simt.Dim3{X: 16, Y: 16}, func(th *simt.Thread) { rowSum(th, in, rows) })
	for ty := range 16 {
		sum := float32(0)
		for i := range 16 {
			sum += in[16*ty+i]
		}
		for tx := range 16 {
			if rows[16*ty+tx] != sum {
				t.Fatalf("rowSum: out[%d] = %v, want %v", 16*ty+tx, rows[16*ty+tx], sum)
			}
		}
	}
	launch(t, "fourScalars", 64, func(th *simt.Thread) { fourScalars(th, in, out) })
	check("fourScalars", func(i int) float32 { return in[4*i] + in[4*i+1] + in[4*i+2] + in[4*i+3] })
	launch(t, "float4Mixed", 64, func(th *simt.Thread) { float4Mixed(th, in, out) })
	check("float4Mixed", func(i int) float32 { return in[5*(i/32)] - in[5*(i/32)+3] })
	scan := simt.Malloc[float32](32)
	launch(t, "scanInPlace", 32, func(th *simt.Thread) { scanInPlace(th, scan) })
	for i, v := range scan {
		if v != 32 {
			t.Fatalf("scanInPlace: out[%d] = %v, want 32", i, v)
		}
	}

	q, qout := simt.Malloc[int32](256), simt.Malloc[int32](32)
	for i := range q {
		q[i] = int32(i * 13)
	}
	launch(t, "int4Strided", 32, func(th *simt.Thread) { int4Strided(th, q, qout) })
	for i := range qout {
		if want := q[8*i] ^ q[8*i+2]; qout[i] != want {
			t.Fatalf("int4Strided: out[%d] = %d, want %d", i, qout[i], want)
		}
	}
}
