package global

import (
	"testing"

	"example.com/corpora/hw/internal/rowlaunch"
	"github.com/smemlint/smemlint/simt"
)

// rows lists every row kernel with the launch shape of its directive, so
// that the rows run in the simulator too: traced by smemlint simcheck,
// each row's requests are measured and compared with the figure the
// analyzer states (the H100's, from docs/hardware.md). The kernels
// are held as func values, so that the launches below add no kernel
// context of their own to the analysis.
var rows = []struct {
	name        string
	kernel      any
	block, grid simt.Dim3
}{
	{"G01", G01, simt.Dim3{X: 32, Y: 1, Z: 1}, simt.Dim3{X: 1, Y: 1, Z: 1}},
	{"G02", G02, simt.Dim3{X: 32, Y: 1, Z: 1}, simt.Dim3{X: 1, Y: 1, Z: 1}},
	{"G03", G03, simt.Dim3{X: 32, Y: 1, Z: 1}, simt.Dim3{X: 1, Y: 1, Z: 1}},
	{"G04", G04, simt.Dim3{X: 32, Y: 1, Z: 1}, simt.Dim3{X: 1, Y: 1, Z: 1}},
	{"G05", G05, simt.Dim3{X: 32, Y: 1, Z: 1}, simt.Dim3{X: 1, Y: 1, Z: 1}},
	{"G06", G06, simt.Dim3{X: 32, Y: 1, Z: 1}, simt.Dim3{X: 1, Y: 1, Z: 1}},
	{"G07", G07, simt.Dim3{X: 32, Y: 1, Z: 1}, simt.Dim3{X: 1, Y: 1, Z: 1}},
	{"G08", G08, simt.Dim3{X: 32, Y: 1, Z: 1}, simt.Dim3{X: 1, Y: 1, Z: 1}},
	{"G09", G09, simt.Dim3{X: 32, Y: 1, Z: 1}, simt.Dim3{X: 1, Y: 1, Z: 1}},
	{"G10", G10, simt.Dim3{X: 32, Y: 1, Z: 1}, simt.Dim3{X: 1, Y: 1, Z: 1}},
	{"G11", G11, simt.Dim3{X: 32, Y: 1, Z: 1}, simt.Dim3{X: 1, Y: 1, Z: 1}},
	{"G12", G12, simt.Dim3{X: 32, Y: 1, Z: 1}, simt.Dim3{X: 1, Y: 1, Z: 1}},
	{"G13", G13, simt.Dim3{X: 32, Y: 1, Z: 1}, simt.Dim3{X: 1, Y: 1, Z: 1}},
	{"G14", G14, simt.Dim3{X: 32, Y: 1, Z: 1}, simt.Dim3{X: 1, Y: 1, Z: 1}},
	{"G17", G17, simt.Dim3{X: 32, Y: 1, Z: 1}, simt.Dim3{X: 1, Y: 1, Z: 1}},
	{"G18", G18, simt.Dim3{X: 32, Y: 1, Z: 1}, simt.Dim3{X: 1, Y: 1, Z: 1}},
	{"G19", G19, simt.Dim3{X: 32, Y: 1, Z: 1}, simt.Dim3{X: 1, Y: 1, Z: 1}},
	{"G20", G20, simt.Dim3{X: 32, Y: 1, Z: 1}, simt.Dim3{X: 1, Y: 1, Z: 1}},
	{"GS1", GS1, simt.Dim3{X: 32, Y: 1, Z: 1}, simt.Dim3{X: 1, Y: 1, Z: 1}},
	{"GS2", GS2, simt.Dim3{X: 32, Y: 1, Z: 1}, simt.Dim3{X: 1, Y: 1, Z: 1}},
	{"GS3", GS3, simt.Dim3{X: 32, Y: 1, Z: 1}, simt.Dim3{X: 1, Y: 1, Z: 1}},
	{"PG1", PG1, simt.Dim3{X: 32, Y: 1, Z: 1}, simt.Dim3{X: 1, Y: 1, Z: 1}},
	{"PG2", PG2, simt.Dim3{X: 32, Y: 1, Z: 1}, simt.Dim3{X: 1, Y: 1, Z: 1}},
	{"PG3", PG3, simt.Dim3{X: 32, Y: 1, Z: 1}, simt.Dim3{X: 1, Y: 1, Z: 1}},
	{"PG4", PG4, simt.Dim3{X: 32, Y: 1, Z: 1}, simt.Dim3{X: 1, Y: 1, Z: 1}},
	{"PG6", PG6, simt.Dim3{X: 32, Y: 1, Z: 1}, simt.Dim3{X: 1, Y: 1, Z: 1}},
	{"PG5", PG5, simt.Dim3{X: 32, Y: 1, Z: 1}, simt.Dim3{X: 1, Y: 1, Z: 1}},
	{"G15", G15, simt.Dim3{X: 32, Y: 8, Z: 1}, simt.Dim3{X: 32, Y: 128, Z: 1}},
	{"G16", G16, simt.Dim3{X: 128, Y: 1, Z: 1}, simt.Dim3{X: 8, Y: 1, Z: 1}},
}

func TestRowsRun(t *testing.T) {
	for _, r := range rows {
		if err := rowlaunch.Launch(r.kernel, r.block, r.grid); err != nil {
			t.Errorf("%s: %v", r.name, err)
		}
	}
}
