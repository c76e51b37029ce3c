// Package pathfinder ports Rodinia's pathfinder kernel (int, blocks of
// 256, run as "pathfinder 100000 100 20") to the simt API. Source:
// github.com/yuhc/gpu-rodinia, commit 9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4,
// cuda/pathfinder/pathfinder.cu lines 86-190 (the first launch: t = 0,
// 20 iterations). Each access names its CUDA line.
package pathfinder

import "github.com/smemlint/smemlint/simt"

const (
	blockSize     = 256
	halo          = 1
	cols, rows    = 100000, 100
	pyramidHeight = 20
	borderCols    = pyramidHeight * halo
	smallBlockCol = blockSize - pyramidHeight*halo*2
	blockCols     = cols/smallBlockCol + 1 // 100000 is not a multiple of 216
)

func inRange(x, lo, hi int) bool { return x >= lo && x <= hi }

func DynprocKernel(t *simt.Thread, iteration int, gpuWall, gpuSrc, gpuResults []int32, cols, rows, startStep, border int) {
	prev := simt.Shared[[blockSize]int32](t)
	result := simt.Shared[[blockSize]int32](t)
	bx := t.BlockIdx.X
	tx := t.ThreadIdx.X
	smallBlockCols := blockSize - iteration*halo*2
	blkX := smallBlockCols*bx - border
	blkXmax := blkX + blockSize - 1
	xidx := blkX + tx
	validXmin := 0
	if blkX < 0 {
		validXmin = -blkX
	}
	validXmax := blockSize - 1
	if blkXmax > cols-1 {
		validXmax = blockSize - 1 - (blkXmax - cols + 1)
	}
	w, e := tx-1, tx+1
	if w < validXmin {
		w = validXmin
	}
	if e > validXmax {
		e = validXmax
	}
	isValid := inRange(tx, validXmin, validXmax)
	if inRange(xidx, 0, cols-1) {
		prev[tx] = gpuSrc[xidx] // cuda:134
	}
	t.SyncThreads()
	computed := false
	for i := 0; i < iteration; i++ {
		computed = false
		if inRange(tx, i+1, blockSize-i-2) && isValid {
			computed = true
			left := prev[w]  // cuda:143
			up := prev[tx]   // cuda:144
			right := prev[e] // cuda:145
			shortest := min(left, up, right)
			index := cols*(startStep+i) + xidx
			result[tx] = shortest + gpuWall[index] // cuda:149
		}
		t.SyncThreads()
		if i == iteration-1 {
			break
		}
		if computed {
			prev[tx] = result[tx] // cuda:156
		}
		t.SyncThreads()
	}
	if computed {
		gpuResults[xidx] = result[tx] // cuda:164
	}
}

// Run launches the kernel once as calc_path's first step does.
func Run() error {
	wall, src, dst := simt.Malloc[int32](cols*(rows-1)), simt.Malloc[int32](cols), simt.Malloc[int32](cols)
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: blockCols}, Block: simt.Dim3{X: blockSize}},
		func(t *simt.Thread) { DynprocKernel(t, pyramidHeight, wall, src, dst, cols, rows, 0, borderCols) })
}
