package shared

import "github.com/smemlint/smemlint/simt"

// Values a loop leaves, and values branches choose between: each figure
// below is the simulator's (smemlint simcheck on these kernels, launched
// with the shapes their directives give). Before: "not evaluated: the
// index depends on pos, which a loop assigns" and "… on k, which branches
// set to different values".

// ringAfter reads at the position a ring walk leaves: every thread runs
// the loop's 3 iterations, so pos is (2*tid + 12) & 63 after it, lanes
// 10 and 26 both on bank 0.
//
//smemlint:launch block=32
func ringAfter(t *simt.Thread, out []float32) {
	s := simt.Shared[[64]float32](t)
	tid := t.ThreadIdx.X
	pos := 2 * tid
	for i := 0; i < 3; i++ {
		pos = (pos + 4) & 63
	}
	out[tid] = s[pos] // want `shared load s\[pos\]: 2-way bank conflict \(2 wavefronts, ideal 1\): lanes 10 and 26 both hit bank 0; block 32; per block: 1 request, 2 wavefronts`
}

// halved shifts a thread's index once per iteration of a loop that
// halves its own variable (d = 8, 4, 2, 1): j is 32*tid >> 4 = 2*tid
// after it.
//
//smemlint:launch block=32
func halved(t *simt.Thread, out []float32) {
	s := simt.Shared[[1024]float32](t)
	tid := t.ThreadIdx.X
	j := 32 * tid
	for d := 8; d > 0; d >>= 1 {
		j >>= 1
	}
	out[tid] = s[j] // want `shared load s\[j\]: 2-way bank conflict \(2 wavefronts, ideal 1\): lanes 0 and 16 both hit bank 0; block 32; per block: 1 request, 2 wavefronts`
}

// evenWide reads s[2*tid] in the even lanes and s[tid] in the odd ones:
// the even lanes' words 0, 4, …, 60 meet two by two on the banks 0, 4,
// …, 28.
//
//smemlint:launch block=32
func evenWide(t *simt.Thread, out []float32) {
	s := simt.Shared[[64]float32](t)
	tid := t.ThreadIdx.X
	k := tid
	if tid%2 == 0 {
		k = 2 * tid
	}
	out[tid] = s[k] // want `shared load s\[k\]: 2-way bank conflict \(2 wavefronts, ideal 1\): lanes 0 and 16 both hit bank 0; block 32; per block: 1 request, 2 wavefronts`
}

// folded chooses twice: the even lanes' k (2*tid) folds back by 40 past
// 40, and the second choice reads the first, so both are exact: lanes 0
// and 16 (words 0 and 32) still share bank 0.
//
//smemlint:launch block=32
func folded(t *simt.Thread, out []float32) {
	s := simt.Shared[[64]float32](t)
	tid := t.ThreadIdx.X
	k := tid
	if tid%2 == 0 {
		k = 2 * tid
	}
	if k > 40 {
		k -= 40
	}
	out[tid] = s[k] // want `shared load s\[k\]: 2-way bank conflict \(2 wavefronts, ideal 1\): lanes 0 and 16 both hit bank 0; block 32; per block: 1 request, 2 wavefronts`
}

// skewed runs tx/8 iterations in lane tx, each advancing j by 33: after
// the loop j is tx + 33*(tx/8), counted lane by lane, and lanes 0 and 29
// (words 0 and 128) share bank 0.
//
//smemlint:launch block=32
func skewed(t *simt.Thread, out []float32) {
	s := simt.Shared[[256]float32](t)
	tx := t.ThreadIdx.X
	j := tx
	for i := 1; i <= tx/8; i++ {
		j += 33
	}
	out[tx] = s[j] // want `shared load s\[j\]: 2-way bank conflict \(2 wavefronts, ideal 1\): lanes 0 and 29 both hit bank 0; block 32; per block: 1 request, 2 wavefronts`
}

// lastRow keeps the row of the last iteration lane tx runs (tx%8 of
// them): row is tx%8 after the loop, 0 where the lane ran none, and lanes
// 0..3 read words 0, 128, 256 and 384 of bank 0. The values the loop
// body gives row, iteration by iteration, would not do: they stand for
// every iteration, not the last.
//
//smemlint:launch block=32
func lastRow(t *simt.Thread, out []float32) {
	s := simt.Shared[[32 * 9]float32](t)
	tx := t.ThreadIdx.X
	row := 0
	for i := 0; i < tx%8; i++ {
		row = i + 1
	}
	out[tx] = s[row*32+tx/4] // want `shared load s\[row\*32\+tx/4\]: 4-way bank conflict \(4 wavefronts, ideal 1\): lanes 0\.\.3 all hit bank 0; block 32; per block: 1 request, 4 wavefronts`
}

// ringIn reads, in each of the loop's 4 iterations, at the position the
// walk has reached: pos is the choice, by i, among (2*tid) & 63, (2*tid +
// 8) & 63, … , as replaying the loop finds them, and lanes 0 and 16 meet
// on a bank in every iteration.
//
//smemlint:launch block=32
func ringIn(t *simt.Thread, out []float32) {
	s := simt.Shared[[64]float32](t)
	tid := t.ThreadIdx.X
	pos := (2 * tid) & 63
	for i := 0; i < 4; i++ {
		out[32*i+tid] = s[pos] // want `shared load s\[pos\]: 2-way bank conflict \(2 wavefronts, ideal 1\): lanes 0 and 16 both hit bank 0; block 32; per block: 4 requests, 8 wavefronts`
		pos = (pos + 8) & 63
	}
}

// doubling reads s[tid], s[2*tid] and s[4*tid] in the iterations d = 4,
// 2, 1: 1, 2 and 4 wavefronts.
//
//smemlint:launch block=32
func doubling(t *simt.Thread, out []float32) {
	s := simt.Shared[[512]float32](t)
	tid := t.ThreadIdx.X
	j := tid
	for d := 4; d > 0; d >>= 1 {
		out[tid] = s[j] // want `shared load s\[j\]: 4-way bank conflict \(4 wavefronts, ideal 1\): lanes 0, 8, 16, 24 all hit bank 0; block 32; worst at d = 1; per block: 3 requests, 7 wavefronts; mean 2\.33 wavefronts per request`
		j *= 2
	}
}
