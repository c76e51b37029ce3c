package spin

import "testing"

func TestSpin(t *testing.T) {
	if err := Run(make([]float32, 32)); err != nil {
		t.Fatal(err)
	}
}
