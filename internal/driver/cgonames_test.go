package driver

import "testing"

func TestCgoNames(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`cannot use "s" (untyped string constant) as _Ctype_int value in variable declaration`,
			`cannot use "s" (untyped string constant) as C.int value in variable declaration`},
		{`cannot use (_Cfunc_twice)(_Ctype_int(x)) (value of int32 type _Ctype_int) as string value in return statement`,
			`cannot use (C.twice)(C.int(x)) (value of int32 type C.int) as string value in return statement`},
		{`undefined: _Ctype_struct_point`, `undefined: C.struct_point`},
		{`cannot use (*_Cvar_counter) (variable of type _Ctype_long)`, `cannot use (*C.counter) (variable of type C.long)`},
		{`too many arguments in call to (_Cfunc__CMalloc)`, `too many arguments in call to (C.malloc)`},
		{`_Cmacro_N (untyped int constant)`, `C.N (untyped int constant)`},
		// Names that only contain the prefix, or no cgo name, stay.
		{`undefined: my_Ctype_int`, `undefined: my_Ctype_int`},
		{`undefined: _Cgo_ptr`, `undefined: _Cgo_ptr`},
	} {
		if got := CgoNames(c.in); got != c.want {
			t.Errorf("CgoNames(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
