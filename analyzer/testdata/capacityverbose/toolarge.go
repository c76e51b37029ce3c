package capacityverbose

import "github.com/smemlint/smemlint/simt"

// A kernel whose evaluation runs past the interpreter's 200,000 steps: the
// count is always reported, and with -verbose where it stopped.

func leaf(x int) int { return x*3 + 1 } // want `in kernel unrolled \(block 32\): kernel too large to evaluate completely: the evaluation stopped here after 200000 statements and expressions; accesses it did not reach from here on have no figure`

func fan1(x int) int {
	return leaf(x) + leaf(x+1) + leaf(x+2) + leaf(x+3) + leaf(x+4) + leaf(x+5) + leaf(x+6) + leaf(x+7)
}
func fan2(x int) int {
	return fan1(x) + fan1(x+1) + fan1(x+2) + fan1(x+3) + fan1(x+4) + fan1(x+5) + fan1(x+6) + fan1(x+7)
}
func fan3(x int) int {
	return fan2(x) + fan2(x+1) + fan2(x+2) + fan2(x+3) + fan2(x+4) + fan2(x+5) + fan2(x+6) + fan2(x+7)
}
func fan4(x int) int {
	return fan3(x) + fan3(x+1) + fan3(x+2) + fan3(x+3) + fan3(x+4) + fan3(x+5) + fan3(x+6) + fan3(x+7)
}
func fan5(x int) int {
	return fan4(x) + fan4(x+1) + fan4(x+2) + fan4(x+3) + fan4(x+4) + fan4(x+5) + fan4(x+6) + fan4(x+7)
}

//smemlint:launch block=32
func unrolled(t *simt.Thread, out []int) { // want `1 kernel context\(s\) of this package were too large to evaluate completely: accesses past the point where the evaluation stopped have no figure; -verbose shows where`
	tx := t.ThreadIdx.X
	out[tx] = fan5(tx)
	out[tx+32] = tx
}
