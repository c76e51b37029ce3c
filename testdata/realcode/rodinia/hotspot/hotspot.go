// Package hotspot ports Rodinia's hotspot kernel (float, BLOCK_SIZE 16,
// run as "hotspot 512 2 2 ...") to the simt API. Source:
// github.com/yuhc/gpu-rodinia, commit 9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4,
// cuda/hotspot/hotspot.cu lines 104-248 and 299-305 (the first launch:
// 2 iterations). Each access names its CUDA line.
package hotspot

import "github.com/smemlint/smemlint/simt"

const (
	blockSize     = 16
	gridRows      = 512
	gridCols      = 512
	pyramidHeight = 2
	expandRate    = 2
	borderCols    = pyramidHeight * expandRate / 2
	borderRows    = pyramidHeight * expandRate / 2
	smallBlockCol = blockSize - pyramidHeight*expandRate
	blockCols     = gridCols/smallBlockCol + 1 // 512 % 12 != 0
	blockRows     = gridRows/smallBlockCol + 1
)

func inRange(x, lo, hi int) bool { return x >= lo && x <= hi }

func CalculateTemp(t *simt.Thread, iteration int, power, tempSrc, tempDst []float32, gridCols, gridRows, borderCols, borderRows int,
	capacity, rx, ry, rz, step, timeElapsed float32) {
	tempOnCuda := simt.Shared[[blockSize][blockSize]float32](t)
	powerOnCuda := simt.Shared[[blockSize][blockSize]float32](t)
	tempT := simt.Shared[[blockSize][blockSize]float32](t)
	ambTemp := float32(80.0)
	bx, by := t.BlockIdx.X, t.BlockIdx.Y
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	stepDivCap := step / capacity
	rx1, ry1, rz1 := 1/rx, 1/ry, 1/rz
	smallBlockRows := blockSize - iteration*2
	smallBlockCols := blockSize - iteration*2
	blkY := smallBlockRows*by - borderRows
	blkX := smallBlockCols*bx - borderCols
	blkYmax := blkY + blockSize - 1
	blkXmax := blkX + blockSize - 1
	yidx, xidx := blkY+ty, blkX+tx
	index := gridCols*yidx + xidx
	if inRange(yidx, 0, gridRows-1) && inRange(xidx, 0, gridCols-1) {
		tempOnCuda[ty][tx] = tempSrc[index] // cuda:164
		powerOnCuda[ty][tx] = power[index]  // cuda:165
	}
	t.SyncThreads()
	validYmin, validYmax, validXmin, validXmax := 0, blockSize-1, 0, blockSize-1
	if blkY < 0 {
		validYmin = -blkY
	}
	if blkYmax > gridRows-1 {
		validYmax = blockSize - 1 - (blkYmax - gridRows + 1)
	}
	if blkX < 0 {
		validXmin = -blkX
	}
	if blkXmax > gridCols-1 {
		validXmax = blockSize - 1 - (blkXmax - gridCols + 1)
	}
	n, s, w, e := max(ty-1, validYmin), min(ty+1, validYmax), max(tx-1, validXmin), min(tx+1, validXmax)
	computed := false
	for i := 0; i < iteration; i++ {
		computed = false
		if inRange(tx, i+1, blockSize-i-2) && inRange(ty, i+1, blockSize-i-2) &&
			inRange(tx, validXmin, validXmax) && inRange(ty, validYmin, validYmax) {
			computed = true
			tempT[ty][tx] = tempOnCuda[ty][tx] + stepDivCap*(powerOnCuda[ty][tx]+ // cuda:195
				(tempOnCuda[s][tx]+tempOnCuda[n][tx]-2.0*tempOnCuda[ty][tx])*ry1+ // cuda:196
				(tempOnCuda[ty][e]+tempOnCuda[ty][w]-2.0*tempOnCuda[ty][tx])*rx1+ // cuda:197
				(ambTemp-tempOnCuda[ty][tx])*rz1) // cuda:198
		}
		t.SyncThreads()
		if i == iteration-1 {
			break
		}
		if computed {
			tempOnCuda[ty][tx] = tempT[ty][tx] // cuda:205
		}
		t.SyncThreads()
	}
	if computed {
		tempDst[index] = tempT[ty][tx] // cuda:213
	}
}

// Run launches the kernel once, as compute_tran_temp's first step does.
func Run() error {
	power, src, dst := simt.Malloc[float32](gridRows*gridCols), simt.Malloc[float32](gridRows*gridCols), simt.Malloc[float32](gridRows*gridCols)
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: blockCols, Y: blockRows}, Block: simt.Dim3{X: blockSize, Y: blockSize}},
		func(t *simt.Thread) {
			CalculateTemp(t, pyramidHeight, power, src, dst, gridCols, gridRows, borderCols, borderRows, 1, 1, 1, 1, 1, 0.001)
		})
}
