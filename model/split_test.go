package model

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"runtime"
	"slices"
	"testing"
)

type access struct {
	addr, size int64
	part       int
}

func splitAt(l Layout, addr int64) []access {
	var out []access
	offset := func(a, by int64, _ Layout) int64 { return a + by }
	SplitAccess(l, addr, WholenessAt, offset, func(a, n int64, part int, where []Choice[int64]) {
		out = append(out, access{a, n, part})
	})
	return out
}

// The types both tests split; layoutSrc declares the same types for
// go/types.
type (
	vec3  struct{ X, Y, Z float32 }
	pair  struct{ A, B float64 }
	mixed struct {
		A int8
		B int32
		C [3]int16
		D vec3
	}
	longArr [100]int32
	nested  [2][3]vec3
	vec4    [4]float32
	cplx    struct {
		A float64
		B complex128
	}
)

const layoutSrc = `package p

type vec3 struct{ X, Y, Z float32 }
type pair struct{ A, B float64 }
type mixed struct {
	A int8
	B int32
	C [3]int16
	D vec3
}
type longArr [100]int32
type nested [2][3]vec3
type vec4 [4]float32
type cplx struct {
	A float64
	B complex128
}
`

// TestSplitByModel checks the rule itself on the simulator's layouts:
// aligned values of an access width are one access, others split by field
// and element, arrays only up to MaxSplitElems.
func TestSplitByModel(t *testing.T) {
	cases := []struct {
		name string
		l    Layout
		addr int64
		want []access
	}{
		{"float32 aligned", ReflectLayout{reflect.TypeFor[float32]()}, 8, []access{{8, 4, 0}}},
		{"float32 at 2: a basic value is one access (Go aligns it)", ReflectLayout{reflect.TypeFor[float32]()}, 2, []access{{2, 4, 0}}},
		{"16-byte pair aligned: one vector access", ReflectLayout{reflect.TypeFor[pair]()}, 32, []access{{32, 16, 0}}},
		{"16-byte pair at 8: two 8-byte fields", ReflectLayout{reflect.TypeFor[pair]()}, 8, []access{{8, 8, 1}, {16, 8, 2}}},
		{"12-byte struct: three fields", ReflectLayout{reflect.TypeFor[vec3]()}, 0, []access{{0, 4, 1}, {4, 4, 2}, {8, 4, 3}}},
		{"struct with padding and an array", ReflectLayout{reflect.TypeFor[mixed]()}, 0,
			[]access{{0, 1, 1}, {4, 4, 2}, {8, 2, 4}, {10, 2, 5}, {12, 2, 6}, {16, 4, 8}, {20, 4, 9}, {24, 4, 10}}},
		{"[4]float32 aligned: one vector access", ReflectLayout{reflect.TypeFor[vec4]()}, 48, []access{{48, 16, 0}}},
		{"[4]float32 at 4: its elements, numbered after the whole", ReflectLayout{reflect.TypeFor[vec4]()}, 4,
			[]access{{4, 4, 1}, {8, 4, 2}, {12, 4, 3}, {16, 4, 4}}},
		{"complex128 at 8: its real and imaginary halves", ReflectLayout{reflect.TypeFor[cplx]()}, 0,
			[]access{{0, 8, 1}, {8, 8, 3}, {16, 8, 4}}},
		{"complex128 at 16: one access", ReflectLayout{reflect.TypeFor[complex128]()}, 16, []access{{16, 16, 0}}},
	}
	for _, c := range cases {
		if got := splitAt(c.l, c.addr); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	if got := splitAt(ReflectLayout{reflect.TypeFor[longArr]()}, 0); len(got) != MaxSplitElems || got[len(got)-1] != (access{4 * (MaxSplitElems - 1), 4, MaxSplitElems}) {
		t.Errorf("[100]int32: %d accesses ending %v, want %d ending at element %d", len(got), got[len(got)-1], MaxSplitElems, MaxSplitElems-1)
	}
}

// TestSplitLikeAnalyzer checks that the two feeds see one layout: for each
// type, the analyzer's view (go/types with the target's sizes) and the
// simulator's (reflect) split into the same accesses at every alignment.
func TestSplitLikeAnalyzer(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", layoutSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	sizes := types.SizesFor("gc", runtime.GOARCH)
	for _, c := range []struct {
		name string
		rt   reflect.Type
	}{
		{"vec3", reflect.TypeFor[vec3]()}, {"pair", reflect.TypeFor[pair]()}, {"mixed", reflect.TypeFor[mixed]()},
		{"longArr", reflect.TypeFor[longArr]()}, {"nested", reflect.TypeFor[nested]()},
		{"vec4", reflect.TypeFor[vec4]()}, {"cplx", reflect.TypeFor[cplx]()},
	} {
		tl := TypesLayout{T: pkg.Scope().Lookup(c.name).Type(), Sizes: sizes}
		for addr := int64(0); addr < 32; addr++ {
			a, b := splitAt(tl, addr), splitAt(ReflectLayout{c.rt}, addr)
			if !slices.Equal(a, b) {
				t.Errorf("%s at %d: analyzer %v, simulator %v", c.name, addr, a, b)
			}
		}
	}
}

// sym is a symbolic address for TestSplitEither: Base + Coef*x for a
// thread's x.
type sym struct{ base, coef int64 }

// TestSplitEither checks a feed that cannot tell the alignment (an address
// that depends on the thread): each access comes with the choices that
// lead to it, and for every x, the accesses whose choices hold at that
// address are the ones the concrete split makes, part numbers included.
func TestSplitEither(t *testing.T) {
	for _, c := range []struct {
		name string
		rt   reflect.Type
		at   sym
	}{
		{"[4]float32 at 4x", reflect.TypeFor[vec4](), sym{0, 4}},
		{"pair at 8x+8", reflect.TypeFor[pair](), sym{8, 8}},
		{"[2][3]vec3 at 4x", reflect.TypeFor[nested](), sym{0, 4}},
		{"cplx at 8x", reflect.TypeFor[cplx](), sym{0, 8}},
	} {
		whole := func(a sym, size int64) Wholeness {
			switch {
			case a.base%size == 0 && a.coef%size == 0:
				return Whole
			case a.base%int64(gcd(int(a.coef), int(size))) != 0:
				return Parts
			}
			return Either
		}
		offset := func(a sym, by int64, _ Layout) sym { return sym{a.base + by, a.coef} }
		type symAccess struct {
			at    sym
			size  int64
			part  int
			where []Choice[sym]
		}
		var accs []symAccess
		SplitAccess(ReflectLayout{c.rt}, c.at, whole, offset, func(a sym, n int64, part int, where []Choice[sym]) {
			accs = append(accs, symAccess{a, n, part, slices.Clone(where)})
		})
		for x := int64(0); x < 8; x++ {
			var got []access
			for _, a := range accs {
				holds := true
				for _, w := range a.where {
					holds = holds && ((w.At.base+w.At.coef*x)%w.Size == 0) == w.Whole
				}
				if holds {
					got = append(got, access{a.at.base + a.at.coef*x, a.size, a.part})
				}
			}
			if want := splitAt(ReflectLayout{c.rt}, c.at.base+c.at.coef*x); !slices.Equal(got, want) {
				t.Errorf("%s, x = %d: %v, want %v", c.name, x, got, want)
			}
		}
	}
}
