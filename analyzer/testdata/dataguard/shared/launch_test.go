package shared

import (
	"slices"
	"testing"

	"github.com/smemlint/smemlint/simt"
)

func launch(t *testing.T, name string, k func(th *simt.Thread)) {
	t.Helper()
	if err := simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: 64}}, k); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// TestDataGuards runs the kernels in the simulator and compares their
// output with plain Go; simcheck traces these launches, in which some
// lanes pass the conditions on data and others do not.
func TestDataGuards(t *testing.T) {
	// A bitonic sequence: ascending, then descending.
	keys := simt.Malloc[uint32](128)
	for i := range 64 {
		keys[i], keys[127-i] = uint32(3*i+1), uint32(3*i+2)
	}
	want := slices.Clone(keys)
	slices.Sort(want)
	launch(t, "bitonicMerge", func(th *simt.Thread) { bitonicMerge(th, keys, true) })
	if !slices.Equal(keys, want) {
		t.Fatalf("bitonicMerge: %v, want %v", keys, want)
	}

	flags, out := simt.Malloc[int32](64), simt.Malloc[float32](64)
	for i := range flags {
		flags[i] = int32(i % 3 % 2)
	}
	launch(t, "flagged", func(th *simt.Thread) { flagged(th, flags, out) })
	for i := range out {
		if want := float32(flags[63-i]); out[i] != want {
			t.Fatalf("flagged: out[%d] = %v, want %v", i, out[i], want)
		}
	}
}
