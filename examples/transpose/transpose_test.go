package transpose_test

import (
	"math/rand/v2"
	"testing"

	"github.com/smemlint/smemlint/examples/transpose"
)

func floats(n int) []float32 {
	r := rand.New(rand.NewPCG(uint64(n), 5))
	x := make([]float32, n)
	for i := range x {
		x[i] = r.Float32()
	}
	return x
}

func TestTranspose(t *testing.T) {
	kernels := []struct {
		name string
		run  func(idata []float32, width, height int) ([]float32, error)
	}{
		{"TransposeUnpadded16", transpose.RunTransposeUnpadded16},
		{"TransposePadded16", transpose.RunTransposePadded16},
		{"TransposeSwizzled16", transpose.RunTransposeSwizzled16},
		{"TransposeUnpadded32", transpose.RunTransposeUnpadded32},
		{"TransposePadded32", transpose.RunTransposePadded32},
		{"TransposeSwizzled32", transpose.RunTransposeSwizzled32},
	}
	// The seed's first measured size is 128x128; the others are ragged
	// sizes that exercise the bounds checks, and a non-square one.
	sizes := []struct{ width, height int }{{1, 1}, {16, 16}, {33, 17}, {48, 80}, {100, 37}, {128, 128}}
	if !raceEnabled && !testing.Short() {
		// The seed's 512x512, skipped with -short and -race (its 1024x1024
		// and 1024x2048 take tens of seconds in the simulator).
		sizes = append(sizes, struct{ width, height int }{512, 512})
	}
	for _, k := range kernels {
		for _, s := range sizes {
			in := floats(s.width * s.height)
			out, err := k.run(in, s.width, s.height)
			if err != nil {
				t.Errorf("%s %dx%d: %v", k.name, s.width, s.height, err)
				continue
			}
			// in is height rows of width; out is width rows of height.
		check:
			for y := 0; y < s.height; y++ {
				for x := 0; x < s.width; x++ {
					if out[x*s.height+y] != in[y*s.width+x] {
						t.Errorf("%s %dx%d: out[%d][%d] = %v, want in[%d][%d] = %v",
							k.name, s.width, s.height, x, y, out[x*s.height+y], y, x, in[y*s.width+x])
						break check
					}
				}
			}
		}
	}
}
