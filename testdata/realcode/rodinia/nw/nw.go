// Package nw ports Rodinia's Needleman-Wunsch kernels (int, BLOCK_SIZE 16,
// run as "needle 2048 10") to the simt API. Source:
// github.com/yuhc/gpu-rodinia, commit 9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4,
// cuda/nw/needle_kernel.cu lines 8-188 and cuda/nw/needle.cu lines 161-183
// (the first launch of each kernel: i = 1 on one block, then
// i = block_width-1 on 127 blocks). Each access names its CUDA line.
package nw

import "github.com/smemlint/smemlint/simt"

const (
	blockSize  = 16
	maxCols    = 2048 + 1
	penalty    = 10
	blockWidth = (maxCols - 1) / blockSize
)

func maximum(a, b, c int32) int32 {
	k := b
	if a > b {
		k = a
	}
	if k <= c {
		return c
	}
	return k
}

func NeedleCudaShared1(t *simt.Thread, referrence, matrixCuda []int32, cols int, penalty int32, i, blockWidth int) {
	bx := t.BlockIdx.X
	tx := t.ThreadIdx.X
	bIndexX := bx
	bIndexY := i - 1 - bx
	index := cols*blockSize*bIndexY + blockSize*bIndexX + tx + (cols + 1)
	indexN := cols*blockSize*bIndexY + blockSize*bIndexX + tx + 1
	indexW := cols*blockSize*bIndexY + blockSize*bIndexX + cols
	indexNW := cols*blockSize*bIndexY + blockSize*bIndexX
	temp := simt.Shared[[blockSize + 1][blockSize + 1]int32](t)
	ref := simt.Shared[[blockSize][blockSize]int32](t)
	if tx == 0 {
		temp[tx][0] = matrixCuda[indexNW] // cuda:49
	}
	for ty := 0; ty < blockSize; ty++ {
		ref[ty][tx] = referrence[index+cols*ty] // cuda:53
	}
	t.SyncThreads()
	temp[tx+1][0] = matrixCuda[indexW+cols*tx] // cuda:57
	t.SyncThreads()
	temp[0][tx+1] = matrixCuda[indexN] // cuda:61
	t.SyncThreads()
	for m := 0; m < blockSize; m++ {
		if tx <= m {
			x, y := tx+1, m-tx+1
			temp[y][x] = maximum(temp[y-1][x-1]+ref[y-1][x-1], // cuda:73
				temp[y][x-1]-penalty, // cuda:74
				temp[y-1][x]-penalty) // cuda:75
		}
		t.SyncThreads()
	}
	for m := blockSize - 2; m >= 0; m-- {
		if tx <= m {
			x, y := tx+blockSize-m, blockSize-tx
			temp[y][x] = maximum(temp[y-1][x-1]+ref[y-1][x-1], // cuda:92
				temp[y][x-1]-penalty, // cuda:93
				temp[y-1][x]-penalty) // cuda:94
		}
		t.SyncThreads()
	}
	for ty := 0; ty < blockSize; ty++ {
		matrixCuda[index+ty*cols] = temp[ty+1][tx+1] // cuda:102
	}
}

func NeedleCudaShared2(t *simt.Thread, referrence, matrixCuda []int32, cols int, penalty int32, i, blockWidth int) {
	bx := t.BlockIdx.X
	tx := t.ThreadIdx.X
	bIndexX := bx + blockWidth - i
	bIndexY := blockWidth - bx - 1
	index := cols*blockSize*bIndexY + blockSize*bIndexX + tx + (cols + 1)
	indexN := cols*blockSize*bIndexY + blockSize*bIndexX + tx + 1
	indexW := cols*blockSize*bIndexY + blockSize*bIndexX + cols
	indexNW := cols*blockSize*bIndexY + blockSize*bIndexX
	temp := simt.Shared[[blockSize + 1][blockSize + 1]int32](t)
	ref := simt.Shared[[blockSize][blockSize]int32](t)
	for ty := 0; ty < blockSize; ty++ {
		ref[ty][tx] = referrence[index+cols*ty] // cuda:132
	}
	t.SyncThreads()
	if tx == 0 {
		temp[tx][0] = matrixCuda[indexNW] // cuda:137
	}
	temp[tx+1][0] = matrixCuda[indexW+cols*tx] // cuda:140
	t.SyncThreads()
	temp[0][tx+1] = matrixCuda[indexN] // cuda:144
	t.SyncThreads()
	for m := 0; m < blockSize; m++ {
		if tx <= m {
			x, y := tx+1, m-tx+1
			temp[y][x] = maximum(temp[y-1][x-1]+ref[y-1][x-1], // cuda:156
				temp[y][x-1]-penalty, // cuda:157
				temp[y-1][x]-penalty) // cuda:158
		}
		t.SyncThreads()
	}
	for m := blockSize - 2; m >= 0; m-- {
		if tx <= m {
			x, y := tx+blockSize-m, blockSize-tx
			temp[y][x] = maximum(temp[y-1][x-1]+ref[y-1][x-1], // cuda:174
				temp[y][x-1]-penalty, // cuda:175
				temp[y-1][x]-penalty) // cuda:176
		}
		t.SyncThreads()
	}
	for ty := 0; ty < blockSize; ty++ {
		matrixCuda[index+ty*cols] = temp[ty+1][tx+1] // cuda:186
	}
}

// Run launches each kernel once, as the first step of each of needle.cu's
// two loops does.
func Run() error {
	ref, matrix := simt.Malloc[int32](maxCols*maxCols), simt.Malloc[int32](maxCols*maxCols)
	if err := simt.Launch(simt.Config{Grid: simt.Dim3{X: 1, Y: 1}, Block: simt.Dim3{X: blockSize, Y: 1}},
		func(t *simt.Thread) { NeedleCudaShared1(t, ref, matrix, maxCols, penalty, 1, blockWidth) }); err != nil {
		return err
	}
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: blockWidth - 1, Y: 1}, Block: simt.Dim3{X: blockSize, Y: 1}},
		func(t *simt.Thread) { NeedleCudaShared2(t, ref, matrix, maxCols, penalty, blockWidth-1, blockWidth) })
}
