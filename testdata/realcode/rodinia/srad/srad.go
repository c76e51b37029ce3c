// Package srad ports Rodinia's SRAD v2 kernels (float, BLOCK_SIZE 16, run
// as "srad 2048 2048 0 127 0 127 0.5 2") to the simt API. Source:
// github.com/yuhc/gpu-rodinia, commit 9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4,
// cuda/srad/srad_v2/srad_kernel.cu lines 4-257 and
// cuda/srad/srad_v2/srad.cu lines 220-232. Each access names its CUDA line.
package srad

import "github.com/smemlint/smemlint/simt"

const (
	blockSize  = 16
	rows, cols = 2048, 2048
)

func SradCuda1(t *simt.Thread, eC, wC, nC, sC, jCuda, cCuda []float32, cols, rows int, q0sqr float32) {
	bx, by := t.BlockIdx.X, t.BlockIdx.Y
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	index := cols*blockSize*by + blockSize*bx + cols*ty + tx
	indexN := cols*blockSize*by + blockSize*bx + tx - cols
	indexS := cols*blockSize*by + blockSize*bx + cols*blockSize + tx
	indexW := cols*blockSize*by + blockSize*bx + cols*ty - 1
	indexE := cols*blockSize*by + blockSize*bx + cols*ty + blockSize
	var n, w, e, s float32
	temp := simt.Shared[[blockSize][blockSize]float32](t)
	tempResult := simt.Shared[[blockSize][blockSize]float32](t)
	north := simt.Shared[[blockSize][blockSize]float32](t)
	south := simt.Shared[[blockSize][blockSize]float32](t)
	east := simt.Shared[[blockSize][blockSize]float32](t)
	west := simt.Shared[[blockSize][blockSize]float32](t)

	north[ty][tx] = jCuda[indexN] // cuda:45
	south[ty][tx] = jCuda[indexS] // cuda:46
	if by == 0 {
		north[ty][tx] = jCuda[blockSize*bx+tx] // cuda:48
	} else if by == t.GridDim.Y-1 {
		south[ty][tx] = jCuda[cols*blockSize*(t.GridDim.Y-1)+blockSize*bx+cols*(blockSize-1)+tx] // cuda:51
	}
	t.SyncThreads()
	west[ty][tx] = jCuda[indexW] // cuda:55
	east[ty][tx] = jCuda[indexE] // cuda:56
	if bx == 0 {
		west[ty][tx] = jCuda[cols*blockSize*by+cols*ty] // cuda:59
	} else if bx == t.GridDim.X-1 {
		east[ty][tx] = jCuda[cols*blockSize*by+blockSize*(t.GridDim.X-1)+cols*ty+blockSize-1] // cuda:62
	}
	t.SyncThreads()
	temp[ty][tx] = jCuda[index] // cuda:69
	t.SyncThreads()
	jc := temp[ty][tx] // cuda:73
	switch {
	case ty == 0 && tx == 0:
		n = north[ty][tx] - jc  // cuda:76
		s = temp[ty+1][tx] - jc // cuda:77
		w = west[ty][tx] - jc   // cuda:78
		e = temp[ty][tx+1] - jc // cuda:79
	case ty == 0 && tx == blockSize-1:
		n = north[ty][tx] - jc  // cuda:82
		s = temp[ty+1][tx] - jc // cuda:83
		w = temp[ty][tx-1] - jc // cuda:84
		e = east[ty][tx] - jc   // cuda:85
	case ty == blockSize-1 && tx == blockSize-1:
		n = temp[ty-1][tx] - jc // cuda:88
		s = south[ty][tx] - jc  // cuda:89
		w = temp[ty][tx-1] - jc // cuda:90
		e = east[ty][tx] - jc   // cuda:91
	case ty == blockSize-1 && tx == 0:
		n = temp[ty-1][tx] - jc // cuda:94
		s = south[ty][tx] - jc  // cuda:95
		w = west[ty][tx] - jc   // cuda:96
		e = temp[ty][tx+1] - jc // cuda:97
	case ty == 0:
		n = north[ty][tx] - jc  // cuda:101
		s = temp[ty+1][tx] - jc // cuda:102
		w = temp[ty][tx-1] - jc // cuda:103
		e = temp[ty][tx+1] - jc // cuda:104
	case tx == blockSize-1:
		n = temp[ty-1][tx] - jc // cuda:107
		s = temp[ty+1][tx] - jc // cuda:108
		w = temp[ty][tx-1] - jc // cuda:109
		e = east[ty][tx] - jc   // cuda:110
	case ty == blockSize-1:
		n = temp[ty-1][tx] - jc // cuda:113
		s = south[ty][tx] - jc  // cuda:114
		w = temp[ty][tx-1] - jc // cuda:115
		e = temp[ty][tx+1] - jc // cuda:116
	case tx == 0:
		n = temp[ty-1][tx] - jc // cuda:119
		s = temp[ty+1][tx] - jc // cuda:120
		w = west[ty][tx] - jc   // cuda:121
		e = temp[ty][tx+1] - jc // cuda:122
	default:
		n = temp[ty-1][tx] - jc // cuda:125
		s = temp[ty+1][tx] - jc // cuda:126
		w = temp[ty][tx-1] - jc // cuda:127
		e = temp[ty][tx+1] - jc // cuda:128
	}
	g2 := (n*n + s*s + w*w + e*e) / (jc * jc)
	l := (n + s + w + e) / jc
	num := 0.5*g2 - (1.0/16.0)*(l*l)
	den := 1 + 0.25*l
	qsqr := num / (den * den)
	den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr))
	c := 1.0 / (1.0 + den)
	if c < 0 {
		tempResult[ty][tx] = 0 // cuda:145
	} else if c > 1 {
		tempResult[ty][tx] = 1 // cuda:146
	} else {
		tempResult[ty][tx] = c // cuda:147
	}
	t.SyncThreads()
	cCuda[index] = tempResult[ty][tx] // cuda:151
	eC[index] = e                     // cuda:152
	wC[index] = w                     // cuda:153
	sC[index] = s                     // cuda:154
	nC[index] = n                     // cuda:155
}

func SradCuda2(t *simt.Thread, eC, wC, nC, sC, jCuda, cCuda []float32, cols, rows int, lambda, q0sqr float32) {
	bx, by := t.BlockIdx.X, t.BlockIdx.Y
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	index := cols*blockSize*by + blockSize*bx + cols*ty + tx
	indexS := cols*blockSize*by + blockSize*bx + cols*blockSize + tx
	indexE := cols*blockSize*by + blockSize*bx + cols*ty + blockSize
	var cn, cs, ce, cw float32
	southC := simt.Shared[[blockSize][blockSize]float32](t)
	eastC := simt.Shared[[blockSize][blockSize]float32](t)
	cCudaTemp := simt.Shared[[blockSize][blockSize]float32](t)
	cCudaResult := simt.Shared[[blockSize][blockSize]float32](t)
	temp := simt.Shared[[blockSize][blockSize]float32](t)

	temp[ty][tx] = jCuda[index] // cuda:196
	t.SyncThreads()
	southC[ty][tx] = cCuda[indexS] // cuda:200
	if by == t.GridDim.Y-1 {
		southC[ty][tx] = cCuda[cols*blockSize*(t.GridDim.Y-1)+blockSize*bx+cols*(blockSize-1)+tx] // cuda:203
	}
	t.SyncThreads()
	eastC[ty][tx] = cCuda[indexE] // cuda:208
	if bx == t.GridDim.X-1 {
		eastC[ty][tx] = cCuda[cols*blockSize*by+blockSize*(t.GridDim.X-1)+cols*ty+blockSize-1] // cuda:211
	}
	t.SyncThreads()
	cCudaTemp[ty][tx] = cCuda[index] // cuda:216
	t.SyncThreads()
	cc := cCudaTemp[ty][tx] // cuda:220
	switch {
	case ty == blockSize-1 && tx == blockSize-1:
		cn = cc
		cs = southC[ty][tx] // cuda:224
		cw = cc
		ce = eastC[ty][tx] // cuda:226
	case tx == blockSize-1:
		cn = cc
		cs = cCudaTemp[ty+1][tx] // cuda:230
		cw = cc
		ce = eastC[ty][tx] // cuda:232
	case ty == blockSize-1:
		cn = cc
		cs = southC[ty][tx] // cuda:236
		cw = cc
		ce = cCudaTemp[ty][tx+1] // cuda:238
	default:
		cn = cc
		cs = cCudaTemp[ty+1][tx] // cuda:242
		cw = cc
		ce = cCudaTemp[ty][tx+1] // cuda:244
	}
	dSum := cn*nC[index] + cs*sC[index] + cw*wC[index] + ce*eC[index] // cuda:248
	cCudaResult[ty][tx] = temp[ty][tx] + 0.25*lambda*dSum             // cuda:251
	t.SyncThreads()
	jCuda[index] = cCudaResult[ty][tx] // cuda:255
}

// Run launches both kernels as the first iteration of srad.cu's loop does.
func Run() error {
	m := func() []float32 { return simt.Malloc[float32](rows * cols) }
	eC, wC, nC, sC, j, c := m(), m(), m(), m(), m(), m()
	cfg := simt.Config{Grid: simt.Dim3{X: cols / blockSize, Y: rows / blockSize}, Block: simt.Dim3{X: blockSize, Y: blockSize}}
	if err := simt.Launch(cfg, func(t *simt.Thread) { SradCuda1(t, eC, wC, nC, sC, j, c, cols, rows, 0.05) }); err != nil {
		return err
	}
	return simt.Launch(cfg, func(t *simt.Thread) { SradCuda2(t, eC, wC, nC, sC, j, c, cols, rows, 0.5, 0.05) })
}
