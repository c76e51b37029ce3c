package driver

import "regexp"

// cgoName matches the names cgo gives C's types, functions, variables and
// macros in the Go files it writes (_Ctype_int, _Cfunc_twice, _Cvar_x,
// _Cmacro_N): the type checker sees those files, so its errors about a
// package that uses cgo name them.
var cgoName = regexp.MustCompile(`\b_C(?:type|func|var|macro)_(\w+)`)

// CgoNames writes the names of a message as the source spells them:
// _Ctype_int is C.int, _Cfunc_twice is C.twice, and _Cfunc__CMalloc,
// cgo's name for C.malloc, is C.malloc.
func CgoNames(msg string) string {
	return cgoName.ReplaceAllStringFunc(msg, func(m string) string {
		name := cgoName.FindStringSubmatch(m)[1]
		if name == "_CMalloc" {
			name = "malloc"
		}
		return "C." + name
	})
}
