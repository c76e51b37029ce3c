package hostile

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// frame frames a JSON body as the base protocol does.
func frame(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }

const (
	lspInit     = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`
	lspShutdown = `{"jsonrpc":"2.0","id":2,"method":"shutdown"}`
	lspExit     = `{"jsonrpc":"2.0","method":"exit"}`
)

// lspReply is a response as the suite reads it.
type lspReply struct {
	ID    json.RawMessage `json:"id"`
	Error *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
	Method string `json:"method"`
}

// lspSession runs smemlint lsp on input and returns its responses.
func lspSession(input string) ([]lspReply, result, error) {
	res, err := run(".", input, bin, "lsp")
	if err != nil {
		return nil, res, err
	}
	var out []lspReply
	rest := res.stdout
	for {
		i := strings.Index(rest, "\r\n\r\n")
		if i < 0 {
			break
		}
		var n int
		if _, err := fmt.Sscanf(rest[:i], "Content-Length: %d", &n); err != nil || i+4+n > len(rest) {
			return nil, res, fmt.Errorf("unreadable output %q", rest)
		}
		var r lspReply
		if err := json.Unmarshal([]byte(rest[i+4:i+4+n]), &r); err != nil {
			return nil, res, err
		}
		out = append(out, r)
		rest = rest[i+4+n:]
	}
	return out, res, nil
}

// An lspCase sends bad input between initialize and shutdown: the server
// must answer it with an error (want in its message, with id null when
// nullID), answer the shutdown after it, and exit 0 on exit.
type lspCase struct {
	name, bad, want string
	nullID          bool
}

var lspCases = []lspCase{
	{"max int length", "Content-Length: 9223372036854775807\r\n\r\n", "exceeds the 67108864 bytes a message may have", true},
	{"terabyte length", "Content-Length: 1099511627776\r\n\r\n", "exceeds the 67108864 bytes", true},
	{"length past int64", "Content-Length: 99999999999999999999\r\n\r\n", "is not a byte count", true},
	{"length abc", "Content-Length: abc\r\n\r\n", `Content-Length "abc" is not a byte count`, true},
	{"length -1", "Content-Length: -1\r\n\r\n", `Content-Length "-1" is not a byte count`, true},
	{"length empty", "Content-Length:\r\n\r\n", `Content-Length "" is not a byte count`, true},
	{"length hex", "Content-Length: 0x10\r\n\r\n", `"0x10" is not a byte count`, true},
	{"no length header", "Content-Type: application/vscode-jsonrpc\r\n\r\n", "header without Content-Length", true},
	{"missing header", `{"jsonrpc":"2.0","id":9,"method":"initialize"}`, "no Content-Length header", true},
	{"garbage line", "GET / HTTP/1.1\r\n\r\n", "no Content-Length header before", true},
	{"binary garbage", "\x00\x01\x02\xff\r\n\r\n", "no Content-Length header before", true},
	{"long header line", strings.Repeat("A", 100000) + "\r\n\r\n", "no Content-Length header before", true},
	{"body not json", frame("hello"), "parse error", true},
	{"body truncated json", frame(`{"jsonrpc":"2.0","id":`), "parse error", true},
	{"body array", frame(`[]`), "parse error", true},
	{"lower-case header", "content-length: 2\r\n\r\n{}", "", false},
	{"unknown method", frame(`{"jsonrpc":"2.0","id":5,"method":"workspace/frobnicate"}`), "", false},
	{"didOpen with bad params", frame(`{"jsonrpc":"2.0","id":6,"method":"textDocument/didOpen","params":{"textDocument":5}}`), "", false},
	{"codeAction for an unknown file", frame(`{"jsonrpc":"2.0","id":7,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///nope.go"},"range":{}}}`), "", false},
	{"notification with bad params", frame(`{"jsonrpc":"2.0","method":"textDocument/didClose","params":"x"}`), "", false},
	{"blank lines between messages", "\r\n\r\n\r\n", "", false},
	{"empty body", "Content-Length: 0\r\n\r\n", "parse error", true},
	{"body with a byte-order mark", frame("\ufeff" + `{"jsonrpc":"2.0","id":5,"method":"workspace/frobnicate"}`), "", false},
	{"trailing garbage after the body's JSON", frame(`{"jsonrpc":"2.0","id":5,"method":"x"} }}}`), "parse error", true},
	{"two lengths in one header", "Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}", "two Content-Length headers (2 and 3); the message is skipped", true},
	{"the same length twice", "Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}", "", false},
	{"LF line ends in the header", "Content-Length: 2\n\n{}", "", false},
	{"id an object", frame(`{"jsonrpc":"2.0","id":{"a":1},"method":"shutdown"}`), "", false},
	{"method not a string", frame(`{"jsonrpc":"2.0","id":5,"method":7}`), "", false},
	{"jsonrpc 1.0", frame(`{"jsonrpc":"1.0","id":5,"method":"workspace/frobnicate"}`), "", false},
	{"deeply nested params", frame(`{"jsonrpc":"2.0","id":5,"method":"textDocument/codeAction","params":` + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + `}`), "", false},
}

// TestLSP: no input ends or crashes the language server.
func TestLSP(t *testing.T) {
	t.Parallel()
	var cases []hcase
	for _, c := range lspCases {
		cases = append(cases, hcase{name: c.name, check: func(t *testing.T) error {
			replies, res, err := lspSession(frame(lspInit) + c.bad + frame(lspShutdown) + frame(lspExit))
			if err != nil {
				return err
			}
			if res.code != 0 || strings.Contains(res.stderr, "panic") {
				return fmt.Errorf("exit %d, stderr %q", res.code, res.stderr)
			}
			var sawErr, sawShutdown bool
			for _, r := range replies {
				if r.Error != nil && strings.Contains(r.Error.Message, c.want) && (!c.nullID || string(r.ID) == "null") {
					sawErr = true
				}
				if string(r.ID) == "2" && r.Error == nil {
					sawShutdown = true
				}
			}
			if c.want != "" && !sawErr {
				return fmt.Errorf("no error containing %q (id null: %v) in %+v", c.want, c.nullID, replies)
			}
			if !sawShutdown {
				return fmt.Errorf("shutdown not answered after the bad input: %s", res.stdout)
			}
			return nil
		}})
	}
	cases = append(cases,
		hcase{name: "exit without shutdown exits 1", check: func(t *testing.T) error {
			_, res, err := lspSession(frame(lspInit) + frame(lspExit))
			if err != nil {
				return err
			}
			if res.code != 1 {
				return fmt.Errorf("exit %d, want 1", res.code)
			}
			return oneLine(res.stderr, "exit without shutdown")
		}},
		hcase{name: "request before initialize", check: func(t *testing.T) error {
			replies, _, err := lspSession(frame(`{"jsonrpc":"2.0","id":3,"method":"textDocument/codeAction","params":{}}`) + frame(lspShutdown) + frame(lspExit))
			if err != nil {
				return err
			}
			for _, r := range replies {
				if string(r.ID) == "3" && r.Error != nil && r.Error.Code == -32002 {
					return nil
				}
			}
			return fmt.Errorf("want error -32002 for id 3, got %+v", replies)
		}},
		hcase{name: "stream ends inside a header", check: func(t *testing.T) error {
			_, res, err := lspSession(frame(lspInit) + "Content-Len")
			if err == nil && res.code != 0 {
				err = fmt.Errorf("exit %d, stderr %q", res.code, res.stderr)
			}
			return err
		}},
		hcase{name: "stream ends inside a body", check: func(t *testing.T) error {
			_, res, err := lspSession(frame(lspInit) + "Content-Length: 500\r\n\r\n{\"jsonrpc\"")
			if err == nil && res.code != 0 {
				err = fmt.Errorf("exit %d, stderr %q", res.code, res.stderr)
			}
			return err
		}},
		hcase{name: "length longer than the body, then a request", check: func(t *testing.T) error {
			// The long frame swallows the next one; the server must answer
			// an error and still serve what follows.
			in := frame(lspInit) + "Content-Length: 60\r\n\r\n{}" + frame(`{"jsonrpc":"2.0","id":4,"method":"shutdown"}`) +
				frame(lspShutdown) + frame(lspExit)
			replies, res, err := lspSession(in)
			if err != nil {
				return err
			}
			ok := false
			for _, r := range replies {
				ok = ok || string(r.ID) == "2" && r.Error == nil
			}
			if !ok || res.code != 0 {
				return fmt.Errorf("exit %d, replies %+v: want the last shutdown answered", res.code, replies)
			}
			return nil
		}},
	)
	runCases(t, cases)
}
