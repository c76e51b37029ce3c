package kernelgen

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
)

// WriteShapes writes package shapes into the module at dir: n kernels of
// many shapes, drawn from seed. Each kernel has a 1-D, 2-D or 3-D block of
// up to 1,024 threads, stores a global value into a shared tile through a
// plain, wrapped (modulo) or xor-swizzled index, with or without a barrier
// before the tile is read back (race-free or racy), reads it in a loop of
// 1 to 64 steps or in two nested loops, sometimes through a device
// function, sometimes under a guard, and stores the sum to global memory
// plainly or with a stride.
func WriteShapes(dir string, n, perFile int, seed uint64) error {
	r := rand.New(rand.NewPCG(seed, 2))
	return writePackage(filepath.Join(dir, "shapes"), "shapes", n, perFile, func(b *strings.Builder, k int) {
		shapeKernel(b, k, r)
	})
}

// block draws a launch block of 32 to 1,024 threads with 1 to 3
// dimensions; it returns the sizes and the directive's text.
func block(r *rand.Rand) (x, y, z int, text string) {
	threads := 32 << r.IntN(6) // 32 … 1024
	switch r.IntN(3) {
	case 0:
		return threads, 1, 1, fmt.Sprint(threads)
	case 1:
		x = min(threads, 8<<r.IntN(4)) // 8 … 64
		return x, threads / x, 1, fmt.Sprintf("%dx%d", x, threads/x)
	default:
		x = 8 << r.IntN(3) // 8 … 32
		y = min(threads/x, 2<<r.IntN(3))
		z = threads / (x * y)
		return x, y, z, fmt.Sprintf("%dx%dx%d", x, y, z)
	}
}

func shapeKernel(b *strings.Builder, k int, r *rand.Rand) {
	x, y, z, dims := block(r)
	threads := x * y * z
	elem := []string{"float32", "float64", "int32"}[r.IntN(3)]
	size := threads // the tile holds one element per thread
	var tid string
	switch {
	case z > 1:
		tid = fmt.Sprintf("(t.ThreadIdx.Z*%d+t.ThreadIdx.Y)*%d + t.ThreadIdx.X", y, x)
	case y > 1:
		tid = fmt.Sprintf("t.ThreadIdx.Y*%d + t.ThreadIdx.X", x)
	default:
		tid = "t.ThreadIdx.X"
	}
	// The store into the tile: plain, wrapped or xor-swizzled.
	var store string
	switch r.IntN(4) {
	case 0:
		store = "tid"
	case 1:
		store = fmt.Sprintf("(tid*%d) %% %d", 1+2*r.IntN(8), size)
	case 2:
		store = fmt.Sprintf("(tid + %d) %% %d", 1+r.IntN(size), size)
	default:
		store = fmt.Sprintf("tid ^ %d", 1+r.IntN(size-1))
	}
	device := r.IntN(4) == 0
	fmt.Fprintf(b, "\n//smemlint:launch block=%s\nfunc Shape%d(t *simt.Thread, out, in []%s, n int) {\n", dims, k, elem)
	fmt.Fprintf(b, "\ttile := simt.Shared[[%d]%s](t)\n\ttid := %s\n", size, elem, tid)
	fmt.Fprintf(b, "\tg := t.BlockIdx.X*%d + tid\n", threads)
	if r.IntN(2) == 0 {
		fmt.Fprintf(b, "\tif g < n {\n\t\ttile[%s] = in[g]\n\t}\n", store)
	} else {
		fmt.Fprintf(b, "\ttile[%s] = in[g]\n", store)
	}
	if r.IntN(3) > 0 { // otherwise the reads below race with the store
		b.WriteString("\tt.SyncThreads()\n")
	}
	fmt.Fprintf(b, "\tvar acc %s\n", elem)
	read := func(index string) string {
		if device {
			return fmt.Sprintf("at%d(t, tile, %s)", k, index)
		}
		return "tile[" + index + "]"
	}
	step := 1 + r.IntN(33)
	if r.IntN(3) == 0 { // nested loops of at most 64 steps in all
		outer, inner := 1+r.IntN(8), 1+r.IntN(8)
		fmt.Fprintf(b, "\tfor i := 0; i < %d; i++ {\n\t\tfor j := 0; j < %d; j++ {\n", outer, inner)
		fmt.Fprintf(b, "\t\t\tacc += %s\n\t\t}\n\t}\n", read(fmt.Sprintf("(tid + i*%d + j) %% %d", step, size)))
	} else {
		steps := 1 + r.IntN(64)
		index := fmt.Sprintf("(tid + i*%d) %% %d", step, size)
		if r.IntN(3) == 0 {
			index = fmt.Sprintf("(tid ^ i) %% %d", size)
		}
		fmt.Fprintf(b, "\tfor i := 0; i < %d; i++ {\n", steps)
		if r.IntN(2) == 0 {
			fmt.Fprintf(b, "\t\tif tid+i < %d {\n\t\t\tacc += %s\n\t\t}\n", size, read(index))
		} else {
			fmt.Fprintf(b, "\t\tacc += %s\n", read(index))
		}
		b.WriteString("\t}\n")
	}
	if stride := 1 + r.IntN(4); stride > 1 {
		fmt.Fprintf(b, "\tif g*%d < len(out) {\n\t\tout[g*%d] = acc\n\t}\n}\n", stride, stride)
	} else {
		b.WriteString("\tif g < n {\n\t\tout[g] = acc\n\t}\n}\n")
	}
	if device {
		fmt.Fprintf(b, "\nfunc at%d(t *simt.Thread, tile *[%d]%s, i int) %s {\n\treturn tile[i]\n}\n", k, size, elem, elem)
	}
}

// WriteTiles writes package tiles into the module at dir: n kernels of the
// mix issue 14 measured, drawn from seed: a 2-D block of 32 to 256
// threads, a tile written through modulo-wrapped indices, a loop of 4 to
// 16 steps over the tile and a guarded read.
func WriteTiles(dir string, n, perFile int, seed uint64) error {
	r := rand.New(rand.NewPCG(seed, 3))
	return writePackage(filepath.Join(dir, "tiles"), "tiles", n, perFile, func(b *strings.Builder, k int) {
		tileKernel(b, k, r)
	})
}

func tileKernel(b *strings.Builder, k int, r *rand.Rand) {
	threads := 32 << r.IntN(4) // 32 … 256
	x := min(threads, 8<<r.IntN(3))
	y := threads / x
	steps := 4 + r.IntN(13)
	fmt.Fprintf(b, `
//smemlint:launch block=%[2]dx%[3]d
func Tile%[1]d(t *simt.Thread, out, in []float32, n int) {
	tile := simt.Shared[[%[3]d][%[2]d]float32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	g := (t.BlockIdx.X*%[3]d+ty)*%[2]d + tx
	tile[(ty+%[4]d)%%%[3]d][(tx*%[5]d)%%%[2]d] = in[g%%n]
	t.SyncThreads()
	acc := float32(0)
	for i := 0; i < %[6]d; i++ {
		acc += tile[(ty+i)%%%[3]d][(tx+i*%[7]d)%%%[2]d]
	}
	if g < n {
		out[g] = acc + in[g]
	}
}
`, k, x, y, r.IntN(y), 1+2*r.IntN(4), steps, 1+r.IntN(4))
}
