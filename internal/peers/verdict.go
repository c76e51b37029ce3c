package peers

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Kind is what a suite says about a kernel.
type Kind string

// The kinds of verdict.
const (
	Pass       Kind = "pass"
	Race       Kind = "race"
	Divergence Kind = "divergence"
)

// Kernel is one ported kernel and its verdict.
type Kernel struct {
	Suite  string // the folder under testdata/peers
	Name   string // the function's name
	Source string // the suite and path it was ported from
	Kind   Kind
	Check  string // the check expected to report it; empty for Pass
	// Pairs is the number of racing pairs of sites: one finding each.
	Pairs int
	// Funcs are the source ranges that belong to the kernel: its own
	// declaration and its device functions.
	Funcs []Range
}

// ID names the kernel in the disagreements file.
func (k *Kernel) ID() string { return k.Suite + "/" + k.Name }

// Range is the lines of one function declaration.
type Range struct {
	File       string // absolute path
	Start, End int    // lines, inclusive
}

// Contains reports whether pos lies in r.
func (r Range) Contains(pos token.Position) bool {
	return pos.Filename == r.File && r.Start <= pos.Line && pos.Line <= r.End
}

// Load reads every kernel with a verdict in the Go files under root, one
// folder per suite.
func Load(root string) ([]*Kernel, error) {
	var kernels []*Kernel
	byName := map[string]*Kernel{} // suite/name
	type device struct {
		owner string
		r     Range
		pos   token.Position
	}
	var devices []device
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		suite := filepath.ToSlash(rel)
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Doc == nil {
				continue
			}
			r := Range{File: path, Start: fset.Position(fd.Pos()).Line, End: fset.Position(fd.End()).Line}
			pos := fset.Position(fd.Pos())
			k, owner, err := parseDoc(fd.Doc.Text())
			if err != nil {
				return fmt.Errorf("%s: %s: %w", pos, fd.Name.Name, err)
			}
			if owner != "" {
				devices = append(devices, device{suite + "/" + owner, r, pos})
				continue
			}
			if k == nil {
				continue
			}
			k.Suite, k.Name, k.Funcs = suite, fd.Name.Name, []Range{r}
			if byName[k.ID()] != nil {
				return fmt.Errorf("%s: kernel %s declared twice in suite %s", pos, k.Name, suite)
			}
			byName[k.ID()] = k
			kernels = append(kernels, k)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, d := range devices {
		k := byName[d.owner]
		if k == nil {
			return nil, fmt.Errorf("%s: device of %s, which has no verdict", d.pos, d.owner)
		}
		k.Funcs = append(k.Funcs, d.r)
	}
	return kernels, nil
}

var checks = []string{"barrier", "warpsync", "smemrace", "globalrace"}

// parseDoc reads the peer, verdict and device-of lines of a doc comment.
// It returns no kernel for a comment without them.
func parseDoc(doc string) (k *Kernel, owner string, err error) {
	var source, verdict string
	for line := range strings.SplitSeq(doc, "\n") {
		if v, ok := strings.CutPrefix(line, "peer: "); ok {
			source = strings.TrimSpace(v)
		} else if v, ok := strings.CutPrefix(line, "verdict: "); ok {
			verdict = strings.TrimSpace(v)
		} else if v, ok := strings.CutPrefix(line, "device of: "); ok {
			owner = strings.TrimSpace(v)
		}
	}
	if owner != "" {
		return nil, owner, nil
	}
	if source == "" && verdict == "" {
		return nil, "", nil
	}
	if source == "" || verdict == "" {
		return nil, "", fmt.Errorf("needs both a peer: line and a verdict: line")
	}
	k = &Kernel{Source: source, Pairs: 1}
	f := strings.Fields(verdict)
	if n, err := strconv.Atoi(f[len(f)-1]); err == nil && len(f) == 3 && f[0] == string(Race) && n >= 1 {
		k.Pairs, f = n, f[:2]
	}
	switch {
	case f[0] == string(Pass) && len(f) == 1:
		k.Kind = Pass
	case f[0] == string(Divergence) && len(f) == 1:
		k.Kind, k.Check = Divergence, "barrier"
	case f[0] == string(Race) && len(f) == 2 && slices.Contains(checks[1:], f[1]):
		k.Kind, k.Check = Race, f[1]
	default:
		return nil, "", fmt.Errorf("verdict %q: want pass, divergence, or race followed by warpsync, smemrace or globalrace and the number of racing pairs of sites when more than one", verdict)
	}
	return k, "", nil
}
