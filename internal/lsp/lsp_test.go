package lsp

import (
	"bufio"
	"encoding/json"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// client speaks JSON-RPC to a server running in the test, as an editor
// does over stdio.
type client struct {
	t     *testing.T
	out   *conn
	in    chan *message
	next  int
	done  chan error
	close func()
}

func startServer(t *testing.T) *client {
	t.Helper()
	toServer, fromClient := io.Pipe()
	fromServer, toClient := io.Pipe()
	c := &client{t: t, out: newConn(nil, fromClient), in: make(chan *message, 64), done: make(chan error, 1)}
	go func() { c.done <- Serve(toServer, toClient, "test"); toClient.Close() }()
	go func() {
		r := newConn(bufio.NewReader(fromServer), nil)
		for {
			m, err := r.read()
			if err != nil {
				close(c.in)
				return
			}
			c.in <- m
		}
	}()
	c.close = func() { fromClient.Close() }
	return c
}

// request sends a request and returns its response, skipping the
// notifications that come first.
func (c *client) request(method string, params any) *message {
	c.t.Helper()
	c.next++
	id := json.RawMessage(strings.TrimSpace(string(mustJSON(c.t, c.next))))
	if err := c.out.write(&message{ID: &id, Method: method, Params: mustJSON(c.t, params)}); err != nil {
		c.t.Fatal(err)
	}
	for m := range c.in {
		if m.ID != nil && string(*m.ID) == string(id) {
			return m
		}
	}
	c.t.Fatalf("no response to %s", method)
	return nil
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	if err := c.out.notify(method, params); err != nil {
		c.t.Fatal(err)
	}
}

// diagnostics waits for the diagnostics of uri.
func (c *client) diagnostics(uri string) []Diagnostic {
	c.t.Helper()
	timeout := time.After(60 * time.Second)
	for {
		select {
		case m, ok := <-c.in:
			if !ok {
				c.t.Fatal("server closed the connection")
			}
			if m.Method != "textDocument/publishDiagnostics" {
				continue
			}
			var p PublishDiagnosticsParams
			if err := json.Unmarshal(m.Params, &p); err != nil {
				c.t.Fatal(err)
			}
			if p.URI == uri {
				return p.Diagnostics
			}
		case <-timeout:
			c.t.Fatalf("no diagnostics for %s", uri)
		}
	}
}

func mustJSON(t *testing.T, v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestSession(t *testing.T) {
	path, err := filepath.Abs(filepath.Join("..", "testdata", "tiles", "tiles.go"))
	if err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	uri := (&url.URL{Scheme: "file", Path: path}).String()
	c := startServer(t)

	if m := c.request("textDocument/codeAction", map[string]any{}); m.Error == nil || m.Error.Code != codeNotInitialized {
		t.Errorf("request before initialize: %+v, want error %d", m.Error, codeNotInitialized)
	}
	init := c.request("initialize", map[string]any{"processId": nil, "rootUri": nil, "capabilities": map[string]any{}})
	if !strings.Contains(string(mustJSON(t, init.Result)), `"codeActionProvider"`) {
		t.Fatalf("initialize result %s lacks codeActionProvider", mustJSON(t, init.Result))
	}
	c.notify("initialized", map[string]any{})
	c.notify("textDocument/didOpen", didOpenParams{TextDocument: TextDocumentItem{URI: uri, LanguageID: "go", Version: 1, Text: string(text)}})

	steps := []struct {
		name  string
		edit  func(string) string // the buffer's new text; nil: only wait
		codes []string            // the checks reported, in order
	}{
		{"open", nil, []string{"bankconflict", "coalescing"}},
		{"pad the tile", func(s string) string { return strings.Replace(s, "[32][32]float32", "[32][33]float32", 1) }, []string{"coalescing"}},
		{"unpad again", func(s string) string { return s }, []string{"bankconflict", "coalescing"}},
	}
	for i, st := range steps {
		if st.edit != nil {
			c.notify("textDocument/didChange", map[string]any{
				"textDocument":   map[string]any{"uri": uri, "version": i + 1},
				"contentChanges": []map[string]string{{"text": st.edit(string(text))}},
			})
		}
		diags := c.diagnostics(uri)
		var codes []string
		for _, d := range diags {
			codes = append(codes, d.Code)
		}
		if strings.Join(codes, " ") != strings.Join(st.codes, " ") {
			t.Fatalf("%s: diagnostics %v, want %v", st.name, codes, st.codes)
		}
		if st.name == "open" {
			checkFix(t, c, uri, diags[0])
		}
	}
	if m := c.request("shutdown", nil); m.Error != nil {
		t.Errorf("shutdown: %v", m.Error)
	}
	c.notify("exit", nil)
	if err := <-c.done; err != nil {
		t.Errorf("Serve: %v", err)
	}
	c.close()
}

// checkFix asks for the code actions at the bank conflict and checks the
// padding fix: 32 becomes 33 on the tile's declaration line.
func checkFix(t *testing.T, c *client, uri string, d Diagnostic) {
	t.Helper()
	if d.Range.Start.Line != 15 || d.CodeDescription == nil || !strings.HasSuffix(d.CodeDescription.Href, "/bankconflict.md") {
		t.Errorf("diagnostic %+v: want line 16 (0-based 15) with a link to bankconflict.md", d)
	}
	m := c.request("textDocument/codeAction", codeActionParams{TextDocument: TextDocumentIdentifier{URI: uri}, Range: d.Range})
	var actions []CodeAction
	if err := json.Unmarshal(mustJSON(t, m.Result), &actions); err != nil {
		t.Fatal(err)
	}
	if len(actions) != 1 {
		t.Fatalf("code actions %+v, want one", actions)
	}
	edits := actions[0].Edit.Changes[uri]
	if actions[0].Kind != "quickfix" || len(edits) != 1 || edits[0].NewText != "33" || edits[0].Range.Start.Line != 11 {
		t.Errorf("code action %+v, want a quick fix making the tile's 32 (line 12) 33", actions[0])
	}
}
