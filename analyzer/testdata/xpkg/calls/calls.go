// Package calls calls the device functions of package kern.
package calls

import (
	"example.com/cases/xpkg/kern"
	"github.com/smemlint/smemlint/simt"
)

//smemlint:launch block=64
func local(t *simt.Thread, v []float32) {
	kern.Scale(t, v, 1)
	kern.Scale(t, v, 16) // want `global load v\[t.ThreadIdx.X\*stride\] at kern.go:19: 32 sectors per request \(ideal 4\)`
}
