// Package lud ports Rodinia's LU decomposition kernels (float,
// BLOCK_SIZE 16, run as "lud_cuda -s 256") to the simt API. Source:
// github.com/yuhc/gpu-rodinia, commit 9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4,
// cuda/lud/cuda/lud_kernel.cu lines 15-203 (the first launch of each
// kernel, offset 0). Each access names its CUDA line.
package lud

import "github.com/smemlint/smemlint/simt"

const (
	blockSize = 16
	matrixDim = 256
)

func LudDiagonal(t *simt.Thread, m []float32, matrixDim, offset int) {
	shadow := simt.Shared[[blockSize][blockSize]float32](t)
	tx := t.ThreadIdx.X
	arrayOffset := offset*matrixDim + offset
	for i := 0; i < blockSize; i++ {
		shadow[i][tx] = m[arrayOffset+tx] // cuda:23
		arrayOffset += matrixDim
	}
	t.SyncThreads()
	for i := 0; i < blockSize-1; i++ {
		if tx > i {
			for j := 0; j < i; j++ {
				shadow[tx][i] -= shadow[tx][j] * shadow[j][i] // cuda:31
			}
			shadow[tx][i] /= shadow[i][i] // cuda:32
		}
		t.SyncThreads()
		if tx > i {
			for j := 0; j < i+1; j++ {
				shadow[i+1][tx] -= shadow[i+1][j] * shadow[j][tx] // cuda:39
			}
		}
		t.SyncThreads()
	}
	arrayOffset = (offset+1)*matrixDim + offset
	for i := 1; i < blockSize; i++ {
		m[arrayOffset+tx] = shadow[i][tx] // cuda:52
		arrayOffset += matrixDim
	}
}

func LudPerimeter(t *simt.Thread, m []float32, matrixDim, offset int) {
	dia := simt.Shared[[blockSize][blockSize]float32](t)
	periRow := simt.Shared[[blockSize][blockSize]float32](t)
	periCol := simt.Shared[[blockSize][blockSize]float32](t)
	tx, bx := t.ThreadIdx.X, t.BlockIdx.X
	if tx < blockSize {
		idx := tx
		arrayOffset := offset*matrixDim + offset
		for i := 0; i < blockSize/2; i++ {
			dia[i][idx] = m[arrayOffset+idx] // cuda:72
			arrayOffset += matrixDim
		}
		arrayOffset = offset*matrixDim + offset
		for i := 0; i < blockSize; i++ {
			periRow[i][idx] = m[arrayOffset+(bx+1)*blockSize+idx] // cuda:78
			arrayOffset += matrixDim
		}
	} else {
		idx := tx - blockSize
		arrayOffset := (offset+blockSize/2)*matrixDim + offset
		for i := blockSize / 2; i < blockSize; i++ {
			dia[i][idx] = m[arrayOffset+idx] // cuda:87
			arrayOffset += matrixDim
		}
		arrayOffset = (offset+(bx+1)*blockSize)*matrixDim + offset
		for i := 0; i < blockSize; i++ {
			periCol[i][idx] = m[arrayOffset+idx] // cuda:93
			arrayOffset += matrixDim
		}
	}
	t.SyncThreads()
	if tx < blockSize {
		idx := tx
		for i := 1; i < blockSize; i++ {
			for j := 0; j < i; j++ {
				periRow[i][idx] -= dia[i][j] * periRow[j][idx] // cuda:136
			}
		}
	} else {
		idx := tx - blockSize
		for i := 0; i < blockSize; i++ {
			for j := 0; j < i; j++ {
				periCol[idx][i] -= periCol[idx][j] * dia[j][i] // cuda:142
			}
			periCol[idx][i] /= dia[i][i] // cuda:143
		}
	}
	t.SyncThreads()
	if tx < blockSize {
		idx := tx
		arrayOffset := (offset+1)*matrixDim + offset
		for i := 1; i < blockSize; i++ {
			m[arrayOffset+(bx+1)*blockSize+idx] = periRow[i][idx] // cuda:153
			arrayOffset += matrixDim
		}
	} else {
		idx := tx - blockSize
		arrayOffset := (offset+(bx+1)*blockSize)*matrixDim + offset
		for i := 0; i < blockSize; i++ {
			m[arrayOffset+idx] = periCol[i][idx] // cuda:160
			arrayOffset += matrixDim
		}
	}
}

func LudInternal(t *simt.Thread, m []float32, matrixDim, offset int) {
	periRow := simt.Shared[[blockSize][blockSize]float32](t)
	periCol := simt.Shared[[blockSize][blockSize]float32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	globalRowID := offset + (t.BlockIdx.Y+1)*blockSize
	globalColID := offset + (t.BlockIdx.X+1)*blockSize
	periRow[ty][tx] = m[(offset+ty)*matrixDim+globalColID+tx] // cuda:179
	periCol[ty][tx] = m[(globalRowID+ty)*matrixDim+offset+tx] // cuda:180
	t.SyncThreads()
	sum := float32(0)
	for i := 0; i < blockSize; i++ {
		sum += periCol[ty][i] * periRow[i][tx] // cuda:186
	}
	m[(globalRowID+ty)*matrixDim+globalColID+tx] -= sum // cuda:187
}

// Run launches each kernel once, as lud_cuda's first step (i = 0) does.
func Run() error {
	m := simt.Malloc[float32](matrixDim * matrixDim)
	if err := simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: blockSize}},
		func(t *simt.Thread) { LudDiagonal(t, m, matrixDim, 0) }); err != nil {
		return err
	}
	if err := simt.Launch(simt.Config{Grid: simt.Dim3{X: matrixDim/blockSize - 1}, Block: simt.Dim3{X: blockSize * 2}},
		func(t *simt.Thread) { LudPerimeter(t, m, matrixDim, 0) }); err != nil {
		return err
	}
	n := matrixDim/blockSize - 1
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: n, Y: n}, Block: simt.Dim3{X: blockSize, Y: blockSize}},
		func(t *simt.Thread) { LudInternal(t, m, matrixDim, 0) })
}
