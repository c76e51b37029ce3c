// Package gaussian ports Rodinia's Gaussian elimination kernels (float,
// run as "gaussian -s 256") to the simt API. Source:
// github.com/yuhc/gpu-rodinia, commit 9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4,
// cuda/gaussian/gaussian.cu lines 309-339 and 363-391 (the first launch of
// each kernel, t = 0). Each access names its CUDA line.
package gaussian

import "github.com/smemlint/smemlint/simt"

const (
	size         = 256
	maxBlockSize = 512
	blockSizeXY  = 4
	gridSize     = size/maxBlockSize + 1 // 256 % 512 != 0
	gridSize2d   = size / blockSizeXY    // the original's !(Size%4?0:1) adds 0
)

func Fan1(t *simt.Thread, m, a []float32, sz, tt int) {
	if t.ThreadIdx.X+t.BlockIdx.X*t.BlockDim.X >= sz-1-tt {
		return
	}
	m[sz*(t.BlockDim.X*t.BlockIdx.X+t.ThreadIdx.X+tt+1)+tt] = a[sz*(t.BlockDim.X*t.BlockIdx.X+t.ThreadIdx.X+tt+1)+tt] / a[sz*tt+tt] // cuda:315
}

func Fan2(t *simt.Thread, m, a, b []float32, sz, j1, tt int) {
	if t.ThreadIdx.X+t.BlockIdx.X*t.BlockDim.X >= sz-1-tt {
		return
	}
	if t.ThreadIdx.Y+t.BlockIdx.Y*t.BlockDim.Y >= sz-tt {
		return
	}
	xidx := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	yidx := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	a[sz*(xidx+1+tt)+(yidx+tt)] -= m[sz*(xidx+1+tt)+tt] * a[sz*tt+(yidx+tt)] // cuda:332
	if yidx == 0 {
		b[xidx+1+tt] -= m[sz*(xidx+1+tt)+(yidx+tt)] * b[tt] // cuda:337
	}
}

// Run launches each kernel once, as ForwardSub's first step (t = 0) does.
func Run() error {
	m, a, b := simt.Malloc[float32](size*size), simt.Malloc[float32](size*size), simt.Malloc[float32](size)
	if err := simt.Launch(simt.Config{Grid: simt.Dim3{X: gridSize}, Block: simt.Dim3{X: maxBlockSize}},
		func(t *simt.Thread) { Fan1(t, m, a, size, 0) }); err != nil {
		return err
	}
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: gridSize2d, Y: gridSize2d}, Block: simt.Dim3{X: blockSizeXY, Y: blockSizeXY}},
		func(t *simt.Thread) { Fan2(t, m, a, b, size, size, 0) })
}
