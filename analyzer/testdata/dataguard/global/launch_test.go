package global

import (
	"testing"

	"github.com/smemlint/smemlint/simt"
)

func launch(t *testing.T, name string, k func(th *simt.Thread)) {
	t.Helper()
	if err := simt.Launch(simt.Config{Grid: simt.Dim3{X: 2}, Block: simt.Dim3{X: 256}}, k); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// TestDataGuards runs the kernels in the simulator and compares their
// output with plain Go; simcheck traces these launches, in which some
// lanes pass the conditions on data and others do not.
func TestDataGuards(t *testing.T) {
	const n = 512
	std := simt.Malloc[float32](n)
	for i := range std {
		std[i] = float32(i%7) * 0.05
	}
	want := make([]float32, n)
	for i, v := range std {
		want[i] = v
		if v <= 0.1 {
			want[i] = 1
		}
	}
	launch(t, "clampStd", func(th *simt.Thread) { clampStd(th, std) })
	for i := range std {
		if std[i] != want[i] {
			t.Fatalf("clampStd: std[%d] = %v, want %v", i, std[i], want[i])
		}
	}

	in, out := simt.Malloc[float32](n), simt.Malloc[float32](2*n)
	for i := range in {
		in[i] = float32(i%5) - 2
	}
	launch(t, "oddOut", func(th *simt.Thread) { oddOut(th, in, out) })
	for i, v := range in {
		got, want := out[2*i+1], float32(1)
		if v < 0 {
			got, want = out[2*i], 0
		}
		if got != want {
			t.Fatalf("oddOut: element for in[%d] = %v, want %v", i, got, want)
		}
	}
}
