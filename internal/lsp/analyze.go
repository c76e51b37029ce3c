package lsp

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/smemlint/smemlint/analyzer/config"
	"github.com/smemlint/smemlint/internal/driver"
)

// finding is a published diagnostic with the fixes it offers.
type finding struct {
	diag  Diagnostic
	fixes []driver.Fix
}

// analyze checks the package (and test package) of uri's file, with the
// open documents' unsaved text, and publishes the diagnostics of every
// file of those packages.
func (s *Server) analyze(uri string) error {
	path, err := uriPath(uri)
	if err != nil || filepath.Ext(path) != ".go" {
		return err
	}
	s.analyzing.Lock()
	defer s.analyzing.Unlock()
	if _, err := config.Load(filepath.Dir(path)); err != nil {
		// Nothing is analyzed under a malformed smemlint.conf: say why
		// where the user looks, on the first line of the file.
		s.publish(uri, []finding{{diag: Diagnostic{Severity: severityError, Code: "directives", Source: "smemlint", Message: err.Error()}}})
		return nil
	}
	res, err := driver.Run([]string{"file=" + path}, driver.Options{
		Dir: filepath.Dir(path), Overlay: s.overlay(), Tests: true,
	})
	if err != nil {
		return err
	}
	for _, e := range res.Errors {
		// A package that does not type-check is not analyzed: its last
		// diagnostics stay until it does.
		s.conn.notify("window/logMessage", logMessageParams{Type: messageInfo, Message: "smemlint: " + e.Error()})
	}
	byURI := map[string][]finding{}
	for _, p := range res.Packages {
		if len(p.Errors) > 0 {
			continue
		}
		for _, f := range p.CompiledGoFiles {
			byURI[s.uriOf(f)] = nil
		}
	}
	for _, f := range res.Findings {
		u := s.uriOf(f.Pos.Filename)
		byURI[u] = append(byURI[u], finding{diag: s.diagnostic(f), fixes: f.Fixes})
	}
	for u, fs := range byURI {
		s.publish(u, fs)
	}
	return nil
}

func (s *Server) publish(uri string, fs []finding) {
	s.mu.Lock()
	had := s.published[uri]
	s.published[uri] = len(fs) > 0
	s.findings[uri] = fs
	s.mu.Unlock()
	if len(fs) == 0 && !had {
		return
	}
	diags := make([]Diagnostic, 0, len(fs))
	for _, f := range fs {
		diags = append(diags, f.diag)
	}
	s.conn.notify("textDocument/publishDiagnostics", PublishDiagnosticsParams{URI: uri, Diagnostics: diags})
}

func (s *Server) diagnostic(f driver.Finding) Diagnostic {
	d := Diagnostic{
		Range:    s.lspRange(f.Pos.Filename, f.Pos.Offset, f.End.Offset),
		Severity: severityWarning,
		Code:     f.Check,
		Source:   "smemlint",
		Message:  f.Message,
	}
	if f.URL != "" {
		d.CodeDescription = &CodeDescription{Href: f.URL}
	}
	for _, r := range f.Related {
		d.RelatedInformation = append(d.RelatedInformation, DiagnosticRelatedInformation{
			Location: Location{URI: s.uriOf(r.Pos.Filename), Range: s.lspRange(r.Pos.Filename, r.Pos.Offset, r.End.Offset)},
			Message:  r.Message,
		})
	}
	if strings.HasPrefix(f.Message, "note: ") {
		d.Severity = severityInformation
	}
	return d
}

// codeActions offers the fixes of the findings that overlap the range.
func (s *Server) codeActions(p codeActionParams) []CodeAction {
	s.mu.Lock()
	fs := s.findings[p.TextDocument.URI]
	s.mu.Unlock()
	actions := []CodeAction{}
	for _, f := range fs {
		if !overlaps(f.diag.Range, p.Range) {
			continue
		}
		for _, fix := range f.fixes {
			edit := WorkspaceEdit{Changes: map[string][]TextEdit{}}
			for _, e := range fix.Edits {
				u := s.uriOf(e.Pos.Filename)
				edit.Changes[u] = append(edit.Changes[u], TextEdit{
					Range:   s.lspRange(e.Pos.Filename, e.Pos.Offset, e.End.Offset),
					NewText: e.NewText,
				})
			}
			actions = append(actions, CodeAction{
				Title: fix.Message, Kind: "quickfix", Diagnostics: []Diagnostic{f.diag},
				IsPreferred: len(f.fixes) == 1, Edit: edit,
			})
		}
	}
	return actions
}

func overlaps(a, b Range) bool {
	return !before(a.End, b.Start) && !before(b.End, a.Start)
}

func before(a, b Position) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
}

// lspRange converts byte offsets of a file to an LSP range.
func (s *Server) lspRange(path string, start, end int) Range {
	content := s.content(path)
	return Range{Start: position(content, start), End: position(content, end)}
}

// position converts a byte offset to a line and UTF-16 character.
func position(content []byte, off int) Position {
	off = min(max(off, 0), len(content))
	line := strings.Count(string(content[:off]), "\n")
	lineStart := strings.LastIndexByte(string(content[:off]), '\n') + 1
	return Position{Line: line, Character: utf16Len(content[lineStart:off])}
}

func utf16Len(b []byte) int {
	n := 0
	for _, r := range string(b) {
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}

// content returns a file's text: the open document's, or the file's.
func (s *Server) content(path string) []byte {
	s.mu.Lock()
	d, ok := s.docs[path]
	s.mu.Unlock()
	if ok {
		return d.text
	}
	b, _ := os.ReadFile(path)
	return b
}

// overlay returns the open documents' texts by file name.
func (s *Server) overlay() map[string][]byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	o := make(map[string][]byte, len(s.docs))
	for p, d := range s.docs {
		o[p] = d.text
	}
	return o
}

// uriOf returns the URI of a file: the client's spelling when the file is
// open, a file URI otherwise.
func (s *Server) uriOf(path string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d, ok := s.docs[path]; ok {
		return d.uri
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}

// uriPath returns the file name of a file URI.
func uriPath(uri string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil {
		return "", err
	}
	if u.Scheme != "file" {
		return "", fmt.Errorf("not a file URI: %s", uri)
	}
	return filepath.Clean(filepath.FromSlash(u.Path)), nil
}
