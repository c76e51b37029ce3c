// Package lsp is smemlint's language server: editors run it over stdio
// beside gopls (which cannot load third-party analyzers) for Go files. It
// analyzes the package of a document when it is opened, changed and saved,
// publishes the findings as diagnostics, and offers their suggested fixes
// as quick-fix code actions.
package lsp

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"
)

// Debounce is how long the server waits after a change before analyzing,
// so that typing does not start an analysis per keystroke.
const Debounce = 300 * time.Millisecond

// Server is one session with one client.
type Server struct {
	conn    *conn
	version string

	mu          sync.Mutex
	initialized bool
	shutdown    bool                   // the client sent shutdown; exit is then orderly
	docs        map[string]document    // open documents by file name
	published   map[string]bool        // URIs that have diagnostics now
	findings    map[string][]finding   // last findings by URI, for code actions
	timers      map[string]*time.Timer // pending analyses after a change

	analyzing sync.Mutex // one analysis at a time
	pending   sync.WaitGroup
}

// ErrExitBeforeShutdown is Serve's error when the client sends exit without
// shutdown first: the protocol asks the server to exit with code 1.
var ErrExitBeforeShutdown = errors.New("exit without shutdown")

// Serve runs a session on r and w until the client sends exit or closes
// the stream. version is reported to the client.
func Serve(r io.Reader, w io.Writer, version string) error {
	s := &Server{
		conn:      newConn(r, w),
		version:   version,
		docs:      map[string]document{},
		published: map[string]bool{},
		findings:  map[string][]finding{},
		timers:    map[string]*time.Timer{},
	}
	defer s.pending.Wait()
	for {
		m, err := s.conn.read()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if skipped := s.conn.takeSkipped(); skipped != "" {
			s.conn.reply(nil, nil, &rpcError{Code: codeParseError, Message: skipped})
		}
		if err != nil {
			// A bad frame or body: answer, and serve the next message.
			s.conn.reply(nil, nil, &rpcError{Code: codeParseError, Message: err.Error()})
			continue
		}
		if m.Method == "exit" {
			s.mu.Lock()
			down := s.shutdown
			s.mu.Unlock()
			if !down {
				return ErrExitBeforeShutdown
			}
			return nil
		}
		s.dispatch(m)
	}
}

func (s *Server) dispatch(m *message) {
	isRequest := m.ID != nil
	result, rerr := s.handle(m)
	if isRequest {
		s.conn.reply(m.ID, result, rerr)
	}
}

// handle runs one request or notification.
func (s *Server) handle(m *message) (any, *rpcError) {
	s.mu.Lock()
	ready := s.initialized
	s.mu.Unlock()
	if !ready && m.Method != "initialize" {
		return nil, &rpcError{Code: codeNotInitialized, Message: "initialize first"}
	}
	switch m.Method {
	case "initialize":
		s.mu.Lock()
		s.initialized = true
		s.mu.Unlock()
		return s.capabilities(), nil
	case "initialized", "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration":
		return nil, nil
	case "shutdown":
		s.mu.Lock()
		s.shutdown = true
		s.mu.Unlock()
		return nil, nil
	case "textDocument/didOpen":
		var p didOpenParams
		if err := json.Unmarshal(m.Params, &p); err != nil {
			return nil, invalid(err)
		}
		s.setDoc(p.TextDocument.URI, []byte(p.TextDocument.Text))
		s.schedule(p.TextDocument.URI, 0)
	case "textDocument/didChange":
		var p didChangeParams
		if err := json.Unmarshal(m.Params, &p); err != nil {
			return nil, invalid(err)
		}
		if n := len(p.ContentChanges); n > 0 {
			// The server asks for full syncs: the last change is the text.
			s.setDoc(p.TextDocument.URI, []byte(p.ContentChanges[n-1].Text))
			s.schedule(p.TextDocument.URI, Debounce)
		}
	case "textDocument/didSave":
		var p documentParams
		if err := json.Unmarshal(m.Params, &p); err != nil {
			return nil, invalid(err)
		}
		s.schedule(p.TextDocument.URI, 0)
	case "textDocument/didClose":
		var p documentParams
		if err := json.Unmarshal(m.Params, &p); err != nil {
			return nil, invalid(err)
		}
		s.closeDoc(p.TextDocument.URI)
	case "textDocument/codeAction":
		var p codeActionParams
		if err := json.Unmarshal(m.Params, &p); err != nil {
			return nil, invalid(err)
		}
		return s.codeActions(p), nil
	default:
		if m.ID != nil {
			return nil, &rpcError{Code: codeMethodNotFound, Message: "smemlint lsp does not handle " + m.Method}
		}
	}
	return nil, nil
}

func invalid(err error) *rpcError {
	return &rpcError{Code: codeInvalidParams, Message: err.Error()}
}

func (s *Server) capabilities() any {
	return map[string]any{
		"capabilities": map[string]any{
			"textDocumentSync": map[string]any{
				"openClose": true,
				"change":    1, // full documents
				"save":      map[string]any{"includeText": false},
			},
			"codeActionProvider": map[string]any{"codeActionKinds": []string{"quickfix"}},
		},
		"serverInfo": map[string]any{"name": "smemlint", "version": s.version},
	}
}

// document is an open document: the client's URI and its text.
type document struct {
	uri  string
	text []byte
}

func (s *Server) setDoc(uri string, text []byte) {
	path, err := uriPath(uri)
	if err != nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.docs[path] = document{uri: uri, text: text}
}

func (s *Server) closeDoc(uri string) {
	path, _ := uriPath(uri)
	s.mu.Lock()
	delete(s.docs, path)
	if t := s.timers[uri]; t != nil && t.Stop() {
		s.pending.Done()
	}
	delete(s.timers, uri)
	s.mu.Unlock()
	s.schedule(uri, 0) // the file on disk now stands for the document
}

// schedule analyzes uri's package after delay, replacing an analysis
// already scheduled for it.
func (s *Server) schedule(uri string, delay time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if t := s.timers[uri]; t != nil && t.Stop() {
		s.pending.Done()
	}
	s.pending.Add(1)
	s.timers[uri] = time.AfterFunc(delay, func() {
		defer s.pending.Done()
		s.mu.Lock()
		delete(s.timers, uri)
		s.mu.Unlock()
		if err := s.analyze(uri); err != nil {
			s.conn.notify("window/logMessage", logMessageParams{Type: messageError, Message: fmt.Sprintf("smemlint: %s: %v", uri, err)})
		}
	})
}
