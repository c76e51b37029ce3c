// Package transpose ports the matrix transpose of seed 003, a tutorial on
// shared-memory bank conflicts (written for compute capability 1.x: 16
// banks, requests served per half warp), to smemlint's simulated SIMT API.
//
// Every kernel transposes idata, height rows of width floats, into odata,
// width rows of height floats, through a square tile in shared memory: the
// block reads a tile with coalesced loads along a row of idata, and writes
// it back transposed with coalesced stores along a row of odata. Reading
// the tile by column is what makes bank conflicts; the kernels differ only
// in the tile's layout:
//
//	kernel               tile            column read, sm_90        sm_1x (half warp)
//	TransposeUnpadded16  [16][16]        8-way, 8 wavefronts       16-way, 32 wavefronts (ideal 2)
//	TransposePadded16    [16][17]        2-way, 2 wavefronts       conflict-free
//	TransposeSwizzled16  [16][16], xor   conflict-free             conflict-free
//	TransposeUnpadded32  [32][32]        32-way, 32 wavefronts     (1024 threads: not on sm_1x)
//	TransposePadded32    [32][33]        conflict-free
//	TransposeSwizzled32  [32][32], xor   conflict-free
//
// The seed measures the padded 16 version against the unpadded one on a
// 1.x GPU: 2.0× faster at 128×128 up to 8.4× at 1024×2048.
//
// The 16-wide kernels run on 16×16 blocks, so on sm_90 a warp holds two
// rows of the block (ty = 2w and 2w+1). That is why padding by one column
// does not remove every conflict there: lane (tx=0, ty=2w) and lane
// (tx=15, ty=2w+1) land in the same bank, 17*15+1 = 256 words apart. On
// sm_1x, where a request is a half warp (one row of the block), padding
// is exact.
//
// Global memory, the same for all (width and height multiples of 8): the
// load idata[yIndex*width+xIndex] and the store odata[yIndex*height+xIndex]
// are coalesced, 4 sectors per request (ideal 4): two 64-byte segments per
// warp for the 16-wide tiles, one 128-byte segment for the 32-wide ones.
package transpose

import "github.com/smemlint/smemlint/simt"

// Tile edges: BlockDim is the seed's BLOCK_DIM; BlockDim32 is the variant
// whose warp is exactly one row of the tile.
const (
	BlockDim   = 16
	BlockDim32 = 32
)

// TransposeUnpadded16 is seed 003's starting point (the coalesced transpose
// of its previous chapter): a [16][16] tile.
//
// Expected finding: bank conflict on the column read block[tx][ty]. The
// word index is 16*tx+ty, so lanes 16 words apart meet in a bank: on sm_90
// 8-way, 8 wavefronts per request (ideal 1); on sm_1x each half warp
// reads one bank 16 times: 16-way, 32 wavefronts per request (ideal 2). The
// row store block[ty][tx] is conflict-free. Fix: pad to [16][17]
// (TransposePadded16) or swizzle (TransposeSwizzled16). Correct result.
func TransposeUnpadded16(t *simt.Thread, odata, idata []float32, width, height int) {
	block := simt.Shared[[BlockDim][BlockDim]float32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y

	// Read the tile from idata along its rows.
	xIndex := t.BlockIdx.X*BlockDim + tx
	yIndex := t.BlockIdx.Y*BlockDim + ty
	if xIndex < width && yIndex < height {
		indexIn := xIndex + yIndex*width
		block[ty][tx] = idata[indexIn]
	}

	t.SyncThreads()

	// Write the transposed tile to odata along its rows: the tile is read
	// by column.
	xIndex = t.BlockIdx.Y*BlockDim + tx
	yIndex = t.BlockIdx.X*BlockDim + ty
	if xIndex < height && yIndex < width {
		indexOut := yIndex*height + xIndex
		odata[indexOut] = block[tx][ty] // 8-way (sm_90), 16-way (sm_1x)
	}
}

// TransposePadded16 is seed 003's transpose_exp: the tile gets one extra
// column, [16][17], so that a column of the tile spreads over the banks.
//
// Expected figures: on sm_1x (the seed's hardware) both the row store and
// the column read are conflict-free, 2 wavefronts per request (one per
// half warp, ideal 2). On sm_90 a 16×16 block puts two tile rows in a warp
// and both the store block[ty][tx] and the read block[tx][ty] are 2-way
// conflicts, 2 wavefronts (ideal 1): lanes (0, 2w) and (15, 2w+1) are 256
// words apart. Still a 4× gain over TransposeUnpadded16 on sm_90. Correct
// result.
func TransposePadded16(t *simt.Thread, odata, idata []float32, width, height int) {
	block := simt.Shared[[BlockDim][BlockDim + 1]float32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y

	xIndex := t.BlockIdx.X*BlockDim + tx
	yIndex := t.BlockIdx.Y*BlockDim + ty
	if xIndex < width && yIndex < height {
		indexIn := xIndex + yIndex*width
		block[ty][tx] = idata[indexIn] // 2-way on sm_90, free on sm_1x
	}

	t.SyncThreads()

	xIndex = t.BlockIdx.Y*BlockDim + tx
	yIndex = t.BlockIdx.X*BlockDim + ty
	if xIndex < height && yIndex < width {
		indexOut := yIndex*height + xIndex
		odata[indexOut] = block[tx][ty] // 2-way on sm_90, free on sm_1x
	}
}

// TransposeSwizzled16 (after seed 003) keeps the unpadded [16][16] tile but
// stores element (ty, tx) of the tile in column tx^ty: an xor swizzle, the
// alternative to padding that wastes no shared memory. Reading element (tx,
// ty) back means reading column ty^tx of row tx.
//
// Expected figures: conflict-free on sm_90 and sm_1x, for both the store
// and the read (1 wavefront on sm_90; 2, one per half warp, on sm_1x).
// The index xors two thread coordinates, not a thread coordinate with a
// constant. Correct result.
func TransposeSwizzled16(t *simt.Thread, odata, idata []float32, width, height int) {
	block := simt.Shared[[BlockDim][BlockDim]float32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y

	xIndex := t.BlockIdx.X*BlockDim + tx
	yIndex := t.BlockIdx.Y*BlockDim + ty
	if xIndex < width && yIndex < height {
		indexIn := xIndex + yIndex*width
		block[ty][tx^ty] = idata[indexIn]
	}

	t.SyncThreads()

	xIndex = t.BlockIdx.Y*BlockDim + tx
	yIndex = t.BlockIdx.X*BlockDim + ty
	if xIndex < height && yIndex < width {
		indexOut := yIndex*height + xIndex
		odata[indexOut] = block[tx][ty^tx]
	}
}

// TransposeUnpadded32 (after seed 003) is TransposeUnpadded16 with a
// [32][32] tile on 32×32 blocks: a warp is one row of the block.
//
// Expected finding: the column read block[tx][ty] puts all 32 lanes in one
// bank, 32 words apart: 32-way, 32 wavefronts per request (ideal 1), the
// worst case. The row store is conflict-free. Fix: [32][33]. Correct
// result.
func TransposeUnpadded32(t *simt.Thread, odata, idata []float32, width, height int) {
	block := simt.Shared[[BlockDim32][BlockDim32]float32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y

	xIndex := t.BlockIdx.X*BlockDim32 + tx
	yIndex := t.BlockIdx.Y*BlockDim32 + ty
	if xIndex < width && yIndex < height {
		indexIn := xIndex + yIndex*width
		block[ty][tx] = idata[indexIn]
	}

	t.SyncThreads()

	xIndex = t.BlockIdx.Y*BlockDim32 + tx
	yIndex = t.BlockIdx.X*BlockDim32 + ty
	if xIndex < height && yIndex < width {
		indexOut := yIndex*height + xIndex
		odata[indexOut] = block[tx][ty] // 32-way bank conflict
	}
}

// TransposePadded32 (after seed 003) is the padded tile [32][33] on 32×32
// blocks: lane tx reads word 33*tx+ty, bank (tx+ty) mod 32, all distinct.
//
// Expected figures: store and column read conflict-free, 1 wavefront per
// request (ideal 1). Correct result.
func TransposePadded32(t *simt.Thread, odata, idata []float32, width, height int) {
	block := simt.Shared[[BlockDim32][BlockDim32 + 1]float32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y

	xIndex := t.BlockIdx.X*BlockDim32 + tx
	yIndex := t.BlockIdx.Y*BlockDim32 + ty
	if xIndex < width && yIndex < height {
		indexIn := xIndex + yIndex*width
		block[ty][tx] = idata[indexIn]
	}

	t.SyncThreads()

	xIndex = t.BlockIdx.Y*BlockDim32 + tx
	yIndex = t.BlockIdx.X*BlockDim32 + ty
	if xIndex < height && yIndex < width {
		indexOut := yIndex*height + xIndex
		odata[indexOut] = block[tx][ty]
	}
}

// TransposeSwizzled32 (after seed 003) is the xor-swizzled [32][32] tile on
// 32×32 blocks: element (ty, tx) lives in column tx^ty.
//
// Expected figures: store block[ty][tx^ty] and read block[tx][ty^tx] are
// conflict-free, 1 wavefront per request (ideal 1): within a warp ty is
// fixed and tx^ty runs over all 32 banks. Correct result.
func TransposeSwizzled32(t *simt.Thread, odata, idata []float32, width, height int) {
	block := simt.Shared[[BlockDim32][BlockDim32]float32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y

	xIndex := t.BlockIdx.X*BlockDim32 + tx
	yIndex := t.BlockIdx.Y*BlockDim32 + ty
	if xIndex < width && yIndex < height {
		indexIn := xIndex + yIndex*width
		block[ty][tx^ty] = idata[indexIn]
	}

	t.SyncThreads()

	xIndex = t.BlockIdx.Y*BlockDim32 + tx
	yIndex = t.BlockIdx.X*BlockDim32 + ty
	if xIndex < height && yIndex < width {
		indexOut := yIndex*height + xIndex
		odata[indexOut] = block[tx][ty^tx]
	}
}
