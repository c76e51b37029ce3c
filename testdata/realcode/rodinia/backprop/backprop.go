// Package backprop ports Rodinia's back-propagation kernels (float, 16×16
// blocks, run as "backprop 65536": 65,536 inputs, 16 hidden units) to the
// simt API. Source: github.com/yuhc/gpu-rodinia, commit
// 9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4,
// cuda/backprop/backprop_cuda_kernel.cu lines 12-113 and
// cuda/backprop/backprop_cuda.cu lines 80-128. Each access names its CUDA
// line.
package backprop

import "github.com/smemlint/smemlint/simt"

const (
	width, height = 16, 16
	in, hid       = 65536, 16
	numBlocks     = in / 16
	eta, momentum = 0.3, 0.3
	log2Height    = 4 // __log2f(HEIGHT)
)

func BpnnLayerforwardCUDA(t *simt.Thread, inputCuda, outputHiddenCuda, inputHiddenCuda, hiddenPartialSum []float32, in, hid int) {
	by := t.BlockIdx.Y
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	index := (hid+1)*height*by + (hid+1)*ty + tx + 1 + (hid + 1)
	indexIn := height*by + ty + 1
	inputNode := simt.Shared[[height]float32](t)
	weightMatrix := simt.Shared[[height][width]float32](t)
	if tx == 0 {
		inputNode[ty] = inputCuda[indexIn] // cuda:33
	}
	t.SyncThreads()
	weightMatrix[ty][tx] = inputHiddenCuda[index] // cuda:37
	t.SyncThreads()
	weightMatrix[ty][tx] = weightMatrix[ty][tx] * inputNode[ty] // cuda:41
	t.SyncThreads()
	for i := 1; i <= log2Height; i++ {
		powerTwo := 1 << i
		if ty%powerTwo == 0 {
			weightMatrix[ty][tx] = weightMatrix[ty][tx] + weightMatrix[ty+powerTwo/2][tx] // cuda:50
		}
		t.SyncThreads()
	}
	inputHiddenCuda[index] = weightMatrix[ty][tx] // cuda:58
	t.SyncThreads()
	if tx == 0 {
		hiddenPartialSum[by*hid+ty] = weightMatrix[tx][ty] // cuda:75
	}
}

func BpnnAdjustWeightsCuda(t *simt.Thread, delta []float32, hid int, ly []float32, in int, w, oldw []float32) {
	by := t.BlockIdx.Y
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	index := (hid+1)*height*by + (hid+1)*ty + tx + 1 + (hid + 1)
	indexY := height*by + ty + 1
	indexX := tx + 1
	w[index] += eta*delta[indexX]*ly[indexY] + momentum*oldw[index]   // cuda:101
	oldw[index] = eta*delta[indexX]*ly[indexY] + momentum*oldw[index] // cuda:102
	t.SyncThreads()
	if ty == 0 && by == 0 {
		w[indexX] += eta*delta[indexX] + momentum*oldw[indexX]   // cuda:108
		oldw[indexX] = eta*delta[indexX] + momentum*oldw[indexX] // cuda:109
	}
}

// Run launches both kernels as bpnn_train_cuda does.
func Run() error {
	input, outHidden := simt.Malloc[float32](in+1), simt.Malloc[float32](hid+1)
	weights, partial := simt.Malloc[float32]((in+1)*(hid+1)), simt.Malloc[float32](numBlocks*width)
	delta, prev := simt.Malloc[float32](hid+1), simt.Malloc[float32]((in+1)*(hid+1))
	cfg := simt.Config{Grid: simt.Dim3{X: 1, Y: numBlocks}, Block: simt.Dim3{X: 16, Y: 16}}
	if err := simt.Launch(cfg, func(t *simt.Thread) {
		BpnnLayerforwardCUDA(t, input, outHidden, weights, partial, in, hid)
	}); err != nil {
		return err
	}
	return simt.Launch(cfg, func(t *simt.Thread) { BpnnAdjustWeightsCuda(t, delta, hid, input, in, weights, prev) })
}
