// Package rowlaunch launches the H100 row kernels of hw/shared and hw/global
// on global buffers large enough for every row, so that their tests (and
// smemlint simcheck, which traces them) run each row with its shape.
package rowlaunch

import (
	"fmt"

	"github.com/smemlint/smemlint/simt"
)

// Global buffers, large enough for every row's indices.
var (
	f32  = simt.Malloc[float32](1 << 21)
	f32b = simt.Malloc[float32](1 << 21)
	f64  = simt.Malloc[float64](1 << 16)
	v4   = simt.Malloc[[4]float32](1 << 16)
	u16  = simt.Malloc[uint16](1 << 16)
	u8   = simt.Malloc[uint8](1 << 16)
)

// Launch launches a row kernel, whatever its parameters, on the
// buffers above.
func Launch(kernel any, block, grid simt.Dim3) error {
	var k func(*simt.Thread)
	switch f := kernel.(type) {
	case func(*simt.Thread):
		k = f
	case func(*simt.Thread, []float32):
		k = func(t *simt.Thread) { f(t, f32) }
	case func(*simt.Thread, []float32, []float32):
		k = func(t *simt.Thread) { f(t, f32, f32b) }
	case func(*simt.Thread, []float64):
		k = func(t *simt.Thread) { f(t, f64) }
	case func(*simt.Thread, [][4]float32):
		k = func(t *simt.Thread) { f(t, v4) }
	case func(*simt.Thread, []uint16):
		k = func(t *simt.Thread) { f(t, u16) }
	case func(*simt.Thread, []uint8):
		k = func(t *simt.Thread) { f(t, u8) }
	default:
		return fmt.Errorf("no buffers for a kernel of type %T", kernel)
	}
	return simt.Launch(simt.Config{Grid: grid, Block: block}, k)
}
