package swallow

import "testing"

func TestSwallow(t *testing.T) {
	if err := Run(make([]float32, 32)); err != nil {
		t.Log(err) // the test passes: simcheck alone can say the launch failed
	}
}
