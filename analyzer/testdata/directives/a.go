package directives

import "github.com/smemlint/smemlint/simt"

//smemlint:launch block=32x8 arch=sm_80
func good(t *simt.Thread) {}

//smemlint:launch block=32x0 // want `//smemlint:launch block=32x0: "0" is not a positive integer`
func zero(t *simt.Thread) {}

// Numbers are Go integer literals: 32 by 8, 4096 bytes.
//
//smemlint:launch block=0x20x8 shared=0x1000
func hex(t *simt.Thread) {}

//smemlint:launch block=0xx8 // want `//smemlint:launch block=0xx8: "0x" is not a positive integer \(read as a Go integer literal`
func hexPrefixAlone(t *simt.Thread) {}

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

// The shapes the simulator's Launch rejects, in its words.

//smemlint:launch block=2000 // want `//smemlint:launch: block 2000x1x1 has 2000 threads; sm_90 allows at most 1024`
func tooManyThreads(t *simt.Thread) {}

//smemlint:launch block=32x32x2 // want `block 32x32x2 has 2048 threads; sm_90 allows at most 1024`
func tooManyThreads3D(t *simt.Thread) {}

//smemlint:launch block=1x1x128 // want `block 1x1x128: Z is 128; sm_90 allows at most 64 in Z`
func zTooDeep(t *simt.Thread) {}

//smemlint:launch block=32xx8 // want `"32xx8" has an empty dimension`
func emptyDim(t *simt.Thread) {}

//smemlint:launch block=32 grid=1x65536 // want `grid 1x65536x1: Y is 65536; sm_90 allows at most 65535 in Y`
func gridTooTall(t *simt.Thread) {}

//smemlint:launch block=32 grid=3000000000 // want `grid 3000000000x1x1: X is 3000000000; sm_90 allows at most 2147483647 in X`
func gridTooWide(t *simt.Thread) {}

//smemlint:launch block=32 shared=9223372036854775807K // want `"9223372036854775807K" is more bytes than any block can have`
func sharedOverflow(t *simt.Thread) {}

//smemlint:launch block=32 shared=300K // want `SharedBytes: shared memory 300 KB \(static 0 bytes \+ dynamic 300 KB\) exceeds the 227 KB per block of sm_90`
func sharedTooBig(t *simt.Thread) {}

//smemlint:launch block=32 grid=3 cluster=2 // want `grid 3x1x1 is not a multiple of cluster 2x1x1 in X`
func gridNotClusters(t *simt.Thread) {}

//smemlint:launch block=32 cluster=32 // want `cluster 32x1x1 has 32 blocks; sm_90 allows at most 8`
func clusterTooBig(t *simt.Thread) {}

//smemlint:launch block=32 cluster=2 arch=sm_80 // want `cluster 2x1x1: sm_80 has no thread block clusters`
func clusterOnAmpere(t *simt.Thread) {}

//smemlint:launch block=1024 arch=sm_1x // want `block 1024x1x1 has 1024 threads; sm_1x allows at most 512`
func tooManyForTesla(t *simt.Thread) {}

//smemlint:launch block=32 block=64 // want `block given twice \(block=32 and block=64\)`
func dupKey(t *simt.Thread) {}

//smemlint:launch	block=32x4 grid=8
func tabAfterLaunch(t *simt.Thread) {}

//smemlint:launch	block=4096 // want `block 4096x1x1 has 4096 threads`
func tabAfterLaunchBad(t *simt.Thread) {}

func ignoreComma(t *simt.Thread, s []float32) {
	//smemlint:ignore bankconflict, the tile is read once // want `a comma ends the check names`
	s[0] = 1
}

// simt.Config literals the simulator rejects, in its words.

func copyKernel(t *simt.Thread, out []float32) { out[t.ThreadIdx.X] = 1 }

func launches(out []float32) {
	simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: 2000}}, func(t *simt.Thread) { copyKernel(t, out) })                         // want `simt.Config: block 2000x1x1 has 2000 threads; sm_90 allows at most 1024`
	simt.Launch(simt.Config{Grid: simt.Dim3{X: 3}, Block: simt.Dim3{X: 32}, Cluster: simt.Dim3{X: 2}}, func(t *simt.Thread) { copyKernel(t, out) }) // want `simt.Config: grid 3x1x1 is not a multiple of cluster 2x1x1 in X`
	simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: 32}, Arch: "sm_66"}, func(t *simt.Thread) { copyKernel(t, out) })            // want `simt.Config: unknown architecture "sm_66"`
	simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: 1, Y: 1, Z: 128}}, func(t *simt.Thread) { copyKernel(t, out) })              // want `simt.Config: block 1x1x128: Z is 128`
	simt.Launch(simt.Config{Grid: simt.Dim3{X: 4}, Block: simt.Dim3{X: 256}}, func(t *simt.Thread) { copyKernel(t, out) })
}

// Near misses: read by no one, so reported rather than ignored in silence.

// smemlint:launch block=2000 // want `smemlint:launch with white space after // is not read as a directive: write it as a line comment, //smemlint:launch`
func spaceAfterSlashes(t *simt.Thread) {}

/*smemlint:launch block=2000*/ // want `smemlint:launch in a /\* \*/ comment is not read as a directive`
func blockComment(t *simt.Thread) {}

func spacedIgnore(t *simt.Thread, s []float32) {
	// smemlint:ignore bankconflict the tile is read once // want `smemlint:ignore with white space after // is not read as a directive`
	s[0] = 1
}

// smemlint: the kernels of this file are tuned by hand (prose, not a near miss)
func prose(t *simt.Thread) {}
