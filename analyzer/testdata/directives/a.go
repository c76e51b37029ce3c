package directives

import "github.com/smemlint/smemlint/simt"

//smemlint:launch block=32x8 arch=sm_80
func good(t *simt.Thread) {}

//smemlint:launch block=32x0 // want `//smemlint:launch block=32x0: "0" is not a positive integer`
func zero(t *simt.Thread) {}

//smemlint:launch grid=4 // want `needs block=`
func noBlock(t *simt.Thread) {}

//smemlint:launch block=32 arch=sm_99 // want `unknown architecture "sm_99"`
func badArch(t *simt.Thread) {}

//smemlint:launch block=32 // want `belongs in the doc comment of a kernel`
func notAKernel(x int) {}

//smemlint:launch block=32 colour=red // want `unknown key "colour"`
func badKey(t *simt.Thread) {}

func ignores(t *simt.Thread, s []float32) {
	//smemlint:ignore bankconflict the tile is read once per block
	s[0] = 1
	//smemlint:ignore bankconflict // want `a reason is required`
	s[1] = 1
	//smemlint:ignore bankconflicts it is fine // want `unknown check "bankconflicts"`
	s[2] = 1
	//smemlint:ignore all generated code, checked elsewhere
	s[3] = 1
}

//smemlint:frobnicate // want `unknown directive //smemlint:frobnicate`
var _ = 0
