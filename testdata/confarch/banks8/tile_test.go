package tile

import "testing"

func TestTranspose(t *testing.T) {
	const n = 256
	in, out := make([]float32, n*n), make([]float32, n*n)
	for i := range in {
		in[i] = float32(i)
	}
	if err := Run(out, in); err != nil {
		t.Fatal(err)
	}
	for y := range n {
		for x := range n {
			if out[y*n+x] != in[x*n+y] {
				t.Fatalf("out[%d][%d] = %v, want %v", y, x, out[y*n+x], in[x*n+y])
			}
		}
	}
}
