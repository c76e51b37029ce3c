package main

import (
	"reflect"
	"unsafe"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/gopls/internal/settings"

	"github.com/smemlint/smemlint/analyzer"
)

// register adds smemlint's checks to the analyzers every gopls session
// runs. settings.Analyzer keeps its analysis.Analyzer in an unexported
// field and gopls has no constructor for it, so the field is set through
// reflection; the other fields stay zero, which gopls reads as severity
// warning, fixes offered as quick fixes, enabled by default.
func register() {
	for _, a := range analyzer.Checks() {
		settings.AllAnalyzers = append(settings.AllAnalyzers, wrap(a))
	}
}

func wrap(a *analysis.Analyzer) *settings.Analyzer {
	s := new(settings.Analyzer)
	f := reflect.ValueOf(s).Elem().FieldByName("analyzer")
	if !f.IsValid() || f.Type() != reflect.TypeFor[*analysis.Analyzer]() {
		panic("this gopls has no settings.Analyzer.analyzer of type *analysis.Analyzer: update gopls/register.go for it")
	}
	reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem().Set(reflect.ValueOf(a))
	return s
}
