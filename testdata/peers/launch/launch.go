// Package launch runs the ported peer kernels in the simulator: every
// kernel of a suite with the launch shape of its //smemlint:launch
// directive and made-up arguments, so that a traced run (smemlint
// simcheck, internal/peers TestPeersDynamic) sees its accesses. A kernel
// whose verdict is divergence must deadlock; every other one must finish.
package launch

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/smemlint/smemlint/simt"
)

// maxBlocks caps each grid dimension: races within a block do not depend
// on how many blocks run, and a traced run of 1024 blocks of 1024 threads
// takes minutes.
const maxBlocks = 4

// arrayBytes is the size of every slice argument.
const arrayBytes = 4 << 20

// kernel is a function of the suite with a verdict.
type kernel struct {
	name       string
	divergence bool
	shape      *simt.Config // nil: launched by a host function
	pos        token.Position
}

// All launches every kernel of the suite in dir: the functions of kernels
// by name, with the shapes of their directives, or the host functions of
// hosts, for the kernels the suite launches itself with chosen arguments.
// Both maps together must name every kernel with a verdict.
func All(t *testing.T, dir string, kernels map[string]any, hosts map[string]func() error) {
	ks, err := read(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range ks {
		t.Run(k.name, func(t *testing.T) {
			var run func() error
			switch fn, host := kernels[k.name], hosts[k.name]; {
			case host != nil:
				run = host
			case fn == nil:
				t.Fatalf("%s: no entry in the suite's kernels or hosts map", k.pos)
			case k.shape == nil:
				t.Fatalf("%s: no //smemlint:launch directive and no host function", k.pos)
			default:
				run, err = call(*k.shape, fn)
				if err != nil {
					t.Fatalf("%s: %v", k.pos, err)
				}
			}
			err := run()
			var le *simt.LaunchError
			deadlock := errors.As(err, &le) && le.Kind == simt.KindDeadlock
			switch {
			case k.divergence && !deadlock:
				t.Errorf("%s: verdict divergence, but the launch returned %v, not a deadlock", k.pos, err)
			case !k.divergence && err != nil:
				t.Errorf("%s: %v", k.pos, err)
			}
		})
	}
	for name := range kernels {
		if !has(ks, name) {
			t.Errorf("kernels names %s, which has no verdict in %s", name, dir)
		}
	}
}

func has(ks []kernel, name string) bool {
	for _, k := range ks {
		if k.name == name {
			return true
		}
	}
	return false
}

// call makes a launch of fn, a func(*simt.Thread, …), with the arguments
// arg makes for its other parameters.
func call(cfg simt.Config, fn any) (func() error, error) {
	v := reflect.ValueOf(fn)
	ft := v.Type()
	if ft.Kind() != reflect.Func || ft.NumIn() == 0 || ft.In(0) != reflect.TypeFor[*simt.Thread]() {
		return nil, fmt.Errorf("%v is not a kernel: want func(*simt.Thread, …)", ft)
	}
	args := make([]reflect.Value, ft.NumIn())
	for i := 1; i < ft.NumIn(); i++ {
		a, err := arg(ft.In(i))
		if err != nil {
			return nil, fmt.Errorf("parameter %d: %w", i, err)
		}
		args[i] = a
	}
	return func() error {
		return simt.Launch(cfg, func(t *simt.Thread) {
			a := append([]reflect.Value{reflect.ValueOf(t)}, args[1:]...)
			v.Call(a)
		})
	}, nil
}

// arg is a made-up argument: slices of 4 MiB whose first 65536 numbers
// are their index mod 7 (so that a condition on loaded data splits the threads, and
// an index loaded from them stays small), and 4 for a number (a size, an
// offset or a trip count that keeps every index in range).
func arg(t reflect.Type) (reflect.Value, error) {
	switch t.Kind() {
	case reflect.Slice:
		n := max(arrayBytes/int(t.Elem().Size()), 1024)
		s := reflect.MakeSlice(t, n, n)
		if e := t.Elem(); e.Kind() != reflect.Array {
			for i := range min(n, 1<<16) {
				s.Index(i).Set(reflect.ValueOf(i % 7).Convert(e))
			}
		}
		return s, nil
	case reflect.Int, reflect.Int32, reflect.Int64, reflect.Uint32, reflect.Uint64:
		return reflect.ValueOf(4).Convert(t), nil
	case reflect.Float32, reflect.Float64:
		return reflect.ValueOf(2.0).Convert(t), nil
	}
	return reflect.Value{}, fmt.Errorf("no made-up argument of type %v", t)
}

// read finds the kernels with a verdict in dir's Go files.
func read(dir string) ([]kernel, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	var ks []kernel
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Doc == nil {
				continue
			}
			k := kernel{name: fd.Name.Name, pos: fset.Position(fd.Pos())}
			verdict := false
			for _, c := range fd.Doc.List {
				text := strings.TrimPrefix(c.Text, "//")
				if v, ok := strings.CutPrefix(text, " verdict: "); ok {
					verdict = true
					k.divergence = strings.TrimSpace(v) == "divergence"
				}
				if v, ok := strings.CutPrefix(text, "smemlint:launch "); ok {
					cfg, err := shape(v)
					if err != nil {
						return nil, fmt.Errorf("%s: %w", fset.Position(c.Pos()), err)
					}
					k.shape = &cfg
				}
			}
			if verdict {
				ks = append(ks, k)
			}
		}
	}
	return ks, nil
}

// shape reads the block and grid keys of a launch directive.
func shape(text string) (simt.Config, error) {
	cfg := simt.Config{Grid: simt.Dim3{X: 1}}
	for _, f := range strings.Fields(text) {
		key, val, _ := strings.Cut(f, "=")
		var d [3]int
		for i, s := range strings.Split(val, "x") {
			n, err := strconv.Atoi(s)
			if err != nil || i > 2 {
				return cfg, fmt.Errorf("launch directive %s: want AxBxC", f)
			}
			d[i] = n
		}
		dim := simt.Dim3{X: d[0], Y: d[1], Z: d[2]}
		switch key {
		case "block":
			cfg.Block = dim
		case "grid":
			cfg.Grid = simt.Dim3{X: min(dim.X, maxBlocks), Y: min(max(dim.Y, 1), maxBlocks), Z: min(max(dim.Z, 1), maxBlocks)}
		}
	}
	return cfg, nil
}
