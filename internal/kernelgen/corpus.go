package kernelgen

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// CorpusRoots are the folders of the repository whose kernels stand for
// users' code in the benchmark: the examples and the test corpora.
var CorpusRoots = []string{"examples", "analyzer/testdata", "testdata"}

// WriteCorpus copies the packages of kernels under the roots of the
// repository at repo into the module at dir, again and again under
// corpus/c000/…, corpus/c001/…, until at least n kernels are copied, and
// returns how many were. A package is copied, without its tests, when it
// has kernels and imports nothing but the standard library and simt, so
// that every copy builds on its own.
func WriteCorpus(dir, repo string, n int) (int, error) {
	var pkgs []corpusPkg
	for _, root := range CorpusRoots {
		found, err := findCorpus(repo, root)
		if err != nil {
			return 0, err
		}
		pkgs = append(pkgs, found...)
	}
	if len(pkgs) == 0 {
		return 0, fmt.Errorf("kernelgen: no kernel packages under %s in %s", strings.Join(CorpusRoots, ", "), repo)
	}
	copied := 0
	for rep := 0; copied < n; rep++ {
		for _, p := range pkgs {
			if copied >= n {
				break
			}
			to := filepath.Join(dir, "corpus", fmt.Sprintf("c%03d", rep), p.name)
			if err := os.MkdirAll(to, 0o755); err != nil {
				return copied, fmt.Errorf("kernelgen: %w", err)
			}
			for name, src := range p.files {
				if err := os.WriteFile(filepath.Join(to, name), src, 0o644); err != nil {
					return copied, fmt.Errorf("kernelgen: %w", err)
				}
			}
			copied += p.kernels
		}
	}
	return copied, nil
}

// corpusPkg is a package of kernels to copy.
type corpusPkg struct {
	name    string            // a folder name unique among the roots
	files   map[string][]byte // the non-test Go files, by base name
	kernels int
}

// findCorpus returns the packages of kernels under root.
func findCorpus(repo, root string) ([]corpusPkg, error) {
	var pkgs []corpusPkg
	base := filepath.Join(repo, root)
	err := filepath.WalkDir(base, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		p, ok, err := readCorpusPkg(path)
		if err != nil || !ok {
			return err
		}
		rel, _ := filepath.Rel(repo, path)
		p.name = strings.NewReplacer("/", "_", ".", "_", "-", "_").Replace(filepath.ToSlash(rel))
		pkgs = append(pkgs, p)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("kernelgen: %w", err)
	}
	return pkgs, nil
}

// readCorpusPkg reads the package in dir; ok is false when it has no
// kernels or imports something besides the standard library and simt.
func readCorpusPkg(dir string) (corpusPkg, bool, error) {
	p := corpusPkg{files: map[string][]byte{}}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return p, false, err
	}
	fset := token.NewFileSet()
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return p, false, err
		}
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			return p, false, nil // a corpus of broken files is not users' code
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if path != "github.com/smemlint/smemlint/simt" && strings.Contains(strings.SplitN(path, "/", 2)[0], ".") {
				return p, false, nil
			}
		}
		p.kernels += countKernels(f)
		p.files[name] = src
	}
	return p, p.kernels > 0, nil
}

// countKernels counts the functions of f whose first parameter is
// *simt.Thread.
func countKernels(f *ast.File) int {
	n := 0
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Type.Params == nil || len(fd.Type.Params.List) == 0 {
			continue
		}
		star, ok := fd.Type.Params.List[0].Type.(*ast.StarExpr)
		if !ok {
			continue
		}
		if sel, ok := star.X.(*ast.SelectorExpr); ok && sel.Sel.Name == "Thread" {
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == "simt" {
				n++
			}
		}
	}
	return n
}
