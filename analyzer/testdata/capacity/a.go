package capacity

import "github.com/smemlint/smemlint/simt"

//smemlint:launch block=256
func tooBig(t *simt.Thread, out []float32) {
	a := simt.Shared[[8192]float32](t) // 32 KB: fine alone
	b := simt.Shared[[8192]float32](t) // want `static shared memory of kernel tooBig reaches 64 KB with b \(32 KB\): over the 48 KB a block may declare statically on sm_90`
	out[0] = a[0] + b[0]
}

//smemlint:launch block=256 arch=sm_1x
func tooBigForG80(t *simt.Thread, out []float32) {
	a := simt.Shared[[5000]float32](t) // want `reaches 20000 bytes with a \(20000 bytes\): over the 16 KB a block may declare statically on sm_1x`
	out[0] = a[0]
}

//smemlint:launch block=256
func fits(t *simt.Thread, out []float32) {
	a := simt.Shared[[12288]float32](t) // exactly 48 KB
	out[0] = a[0]
}

func dynamic(t *simt.Thread, out []float32) {
	s := simt.DynamicShared[float32](t)
	out[0] = s[0]
}

func RunDynamic(out []float32) error {
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: 128}, SharedBytes: 240 * 1024}, // want `shared memory of kernel dynamic is 240 KB \(0 bytes static \+ 240 KB dynamic\): over the 227 KB per block of sm_90`
		func(t *simt.Thread) { dynamic(t, out) })
}

func RunDynamicOK(out []float32) error {
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: 128}, SharedBytes: 100 * 1024},
		func(t *simt.Thread) { dynamic(t, out) })
}

// Kernels the evaluation skips as a whole are named without -verbose.

//smemlint:launch block=32
func generic[T int32 | float32](t *simt.Thread, out []T) { // want `note: generic kernel generic is not evaluated: instantiate it in a non-generic kernel`
	out[t.ThreadIdx.X] = 1
}

var kernelVar = func(t *simt.Thread, out []float32) { // evaluated like a declared kernel: no note
	out[t.ThreadIdx.X] = 1
}

// What the simulator cannot run as a kernel's is named without -verbose.

//smemlint:launch block=32
func spawner(t *simt.Thread, out []float32) {
	go func() { out[0] = 1 }() // want `note: kernel spawner starts a goroutine: it is not a thread of the launch`
}

//smemlint:launch block=32
func nestedLaunch(t *simt.Thread, out []float32) {
	out[t.ThreadIdx.X] = 1
	_ = simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: 32}}, func(t *simt.Thread) {}) // want `note: kernel nestedLaunch calls simt.Launch: a kernel may not launch another; the inner launch fails`
}

// A go statement or a launch in a function the kernel calls, directly or
// through others, is named at its place with the chain of calls; a place
// two kernels reach is named once. Before, only the kernel's own body was
// looked at.

type spawnAcc struct{ out []float32 }

func (a spawnAcc) zero() { a.out[0] = 0 }

func (a spawnAcc) spawn() {
	go a.zero() // want `note: kernel spawnViaMethod starts a goroutine in spawnAcc.spawn: it is not a thread of the launch`
}

func spawnHelper(out []float32) {
	go func() { out[0] = 1 }() // want `note: kernel spawnViaHelper starts a goroutine in spawnHelper \(called through spawnDeeper\)`
}

func spawnDeeper(out []float32) { spawnHelper(out) }

func launchHelper() {
	_ = simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: 32}}, func(t *simt.Thread) {}) // want `note: kernel launchVia calls simt.Launch in launchHelper: a kernel may not launch another`
}

//smemlint:launch block=32
func spawnViaHelper(t *simt.Thread, out []float32) {
	spawnDeeper(out)
	out[t.ThreadIdx.X] = 2
}

//smemlint:launch block=32
func spawnViaHelperToo(t *simt.Thread, out []float32) {
	spawnHelper(out)
	out[t.ThreadIdx.X] = 2
}

//smemlint:launch block=32
func spawnViaMethod(t *simt.Thread, out []float32) {
	spawnAcc{out}.spawn()
	out[t.ThreadIdx.X] = 2
}

//smemlint:launch block=32
func spawnMethodValue(t *simt.Thread, out []float32) {
	a := spawnAcc{out}
	f := a.zero
	go f()      // want `note: kernel spawnMethodValue starts a goroutine: it is not a thread of the launch`
	go a.zero() // want `note: kernel spawnMethodValue starts a goroutine: it is not a thread of the launch`
	out[t.ThreadIdx.X] = 2
}

//smemlint:launch block=32
func launchVia(t *simt.Thread, out []float32) {
	launchHelper()
	out[t.ThreadIdx.X] = 2
}
