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

type access struct{ addr, size int64 }

func splitAt(l Layout, addr int64) []access {
	var out []access
	offset := func(a, by int64, _ Layout) int64 { return a + by }
	SplitAccess(l, addr, WholeAt, offset, func(a, n int64) { out = append(out, access{a, n}) })
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
		{"float32 aligned", ReflectLayout{reflect.TypeFor[float32]()}, 8, []access{{8, 4}}},
		{"float32 misaligned: nothing smaller", ReflectLayout{reflect.TypeFor[float32]()}, 2, nil},
		{"16-byte pair aligned: one vector access", ReflectLayout{reflect.TypeFor[pair]()}, 32, []access{{32, 16}}},
		{"16-byte pair at 8: two 8-byte fields", ReflectLayout{reflect.TypeFor[pair]()}, 8, []access{{8, 8}, {16, 8}}},
		{"12-byte struct: three fields", ReflectLayout{reflect.TypeFor[vec3]()}, 0, []access{{0, 4}, {4, 4}, {8, 4}}},
		{"struct with padding and an array", ReflectLayout{reflect.TypeFor[mixed]()}, 0,
			[]access{{0, 1}, {4, 4}, {8, 2}, {10, 2}, {12, 2}, {16, 4}, {20, 4}, {24, 4}}},
	}
	for _, c := range cases {
		if got := splitAt(c.l, c.addr); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	if got := splitAt(ReflectLayout{reflect.TypeFor[longArr]()}, 0); len(got) != MaxSplitElems || got[len(got)-1] != (access{4 * (MaxSplitElems - 1), 4}) {
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
