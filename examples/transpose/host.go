package transpose

import "github.com/smemlint/smemlint/simt"

// Host wrappers: each copies idata (height rows of width floats) to global
// memory, launches one kernel on square blocks over a grid of
// ceil(width/edge) × ceil(height/edge) blocks, and returns odata (width rows
// of height floats). The launches use the default architecture (sm_90).

func toDevice(host []float32, n int) []float32 {
	d := simt.Malloc[float32](max(n, 1))
	copy(d, host)
	return d
}

func grid(width, height, edge int) simt.Dim3 {
	return simt.Dim3{X: (width + edge - 1) / edge, Y: (height + edge - 1) / edge}
}

// RunTransposeUnpadded16 transposes with TransposeUnpadded16 on 16×16 blocks.
func RunTransposeUnpadded16(idata []float32, width, height int) ([]float32, error) {
	in, out := toDevice(idata, width*height), simt.Malloc[float32](width*height)
	err := simt.Launch(simt.Config{Grid: grid(width, height, BlockDim), Block: simt.Dim3{X: BlockDim, Y: BlockDim}},
		func(t *simt.Thread) { TransposeUnpadded16(t, out, in, width, height) })
	return out, err
}

// RunTransposePadded16 transposes with TransposePadded16 (the seed's
// transpose_exp) on 16×16 blocks.
func RunTransposePadded16(idata []float32, width, height int) ([]float32, error) {
	in, out := toDevice(idata, width*height), simt.Malloc[float32](width*height)
	err := simt.Launch(simt.Config{Grid: grid(width, height, BlockDim), Block: simt.Dim3{X: BlockDim, Y: BlockDim}},
		func(t *simt.Thread) { TransposePadded16(t, out, in, width, height) })
	return out, err
}

// RunTransposeSwizzled16 transposes with TransposeSwizzled16 on 16×16 blocks.
func RunTransposeSwizzled16(idata []float32, width, height int) ([]float32, error) {
	in, out := toDevice(idata, width*height), simt.Malloc[float32](width*height)
	err := simt.Launch(simt.Config{Grid: grid(width, height, BlockDim), Block: simt.Dim3{X: BlockDim, Y: BlockDim}},
		func(t *simt.Thread) { TransposeSwizzled16(t, out, in, width, height) })
	return out, err
}

// RunTransposeUnpadded32 transposes with TransposeUnpadded32 on 32×32 blocks.
func RunTransposeUnpadded32(idata []float32, width, height int) ([]float32, error) {
	in, out := toDevice(idata, width*height), simt.Malloc[float32](width*height)
	err := simt.Launch(simt.Config{Grid: grid(width, height, BlockDim32), Block: simt.Dim3{X: BlockDim32, Y: BlockDim32}},
		func(t *simt.Thread) { TransposeUnpadded32(t, out, in, width, height) })
	return out, err
}

// RunTransposePadded32 transposes with TransposePadded32 on 32×32 blocks.
func RunTransposePadded32(idata []float32, width, height int) ([]float32, error) {
	in, out := toDevice(idata, width*height), simt.Malloc[float32](width*height)
	err := simt.Launch(simt.Config{Grid: grid(width, height, BlockDim32), Block: simt.Dim3{X: BlockDim32, Y: BlockDim32}},
		func(t *simt.Thread) { TransposePadded32(t, out, in, width, height) })
	return out, err
}

// RunTransposeSwizzled32 transposes with TransposeSwizzled32 on 32×32 blocks.
func RunTransposeSwizzled32(idata []float32, width, height int) ([]float32, error) {
	in, out := toDevice(idata, width*height), simt.Malloc[float32](width*height)
	err := simt.Launch(simt.Config{Grid: grid(width, height, BlockDim32), Block: simt.Dim3{X: BlockDim32, Y: BlockDim32}},
		func(t *simt.Thread) { TransposeSwizzled32(t, out, in, width, height) })
	return out, err
}
