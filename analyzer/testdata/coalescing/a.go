package coalescing

import "github.com/smemlint/smemlint/simt"

func transposeNaive(t *simt.Thread, at, a []float32, n int) {
	ix := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	iy := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if ix < n && iy < n {
		at[ix*n+iy] = a[iy*n+ix] // want `global store at\[ix\*n\+iy\]: 32 sectors per request \(ideal 4\): lanes are 4096 bytes apart \(a stride of 1024 elements\); block 32×8`
	}
}

func RunTranspose(at, a []float32) error {
	n := 1024
	cfg := simt.Config{Grid: simt.Dim3{X: n / 32, Y: n / 8}, Block: simt.Dim3{X: 32, Y: 8}}
	return simt.Launch(cfg, func(t *simt.Thread) { transposeNaive(t, at, a, n) })
}

//smemlint:launch block=32x8
func transposeUnknown(t *simt.Thread, at, a []float32, n int) {
	ix := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	iy := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	at[ix*n+iy] = a[iy*n+ix] // want `global store at\[ix\*n\+iy\]: up to 32 sectors per request \(ideal 4\): lanes are n×4 bytes apart; 32 when n ≥ 8`
}

type particle struct{ x, y, z float32 }

func aos(t *simt.Thread, out []float32, ps []particle) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	out[i] = ps[i].x // want `global load ps\[i\]\.x: 12 sectors per request \(ideal 4\): array of structs: each lane reads 4 of every 12 bytes`
}

func gridStride(t *simt.Thread, out, in []float32, n int) {
	sum := float32(0)
	for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < n; i += t.BlockDim.X * t.GridDim.X {
		sum += in[i]
	}
	out[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X] = sum
}

// twoPass gives each thread a contiguous chunk: lanes are chunk apart.
func twoPass(t *simt.Thread, in, part []float32, n int) {
	blkBegin := n / t.GridDim.X * t.BlockIdx.X
	blkEnd := n / t.GridDim.X * (t.BlockIdx.X + 1)
	n = blkEnd - blkBegin
	in = in[blkBegin:]
	thrBegin := n / t.BlockDim.X * t.ThreadIdx.X
	thrEnd := n / t.BlockDim.X * (t.ThreadIdx.X + 1)
	sum := float32(0)
	for i := thrBegin; i < thrEnd; i++ {
		sum += in[i] // want `global load in\[i\]: 16 sectors per request \(ideal 4\): lanes are 16 bytes apart \(a stride of 4 elements\); block 1024`
	}
	shm := simt.DynamicShared[float32](t)
	shm[t.ThreadIdx.X] = sum
	t.SyncThreads()
	if t.ThreadIdx.X == 0 {
		s := float32(0)
		for i := 0; i < t.BlockDim.X; i++ {
			s += shm[i]
		}
		part[t.BlockIdx.X] = s
	}
}

func RunTwoPass(in, part []float32) error {
	const threads, blocks = 1024, 1024
	cfg := simt.Config{Grid: simt.Dim3{X: blocks}, Block: simt.Dim3{X: threads}, SharedBytes: threads * 4}
	return simt.Launch(cfg, func(t *simt.Thread) { twoPass(t, in, part, 4<<20) })
}
