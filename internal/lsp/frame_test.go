package lsp

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// frame frames a JSON body as the base protocol does.
func frame(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }

const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`
const shutdown = `{"jsonrpc":"2.0","id":2,"method":"shutdown"}`
const exit = `{"jsonrpc":"2.0","method":"exit"}`

// serveString runs a session on input and returns the messages the server
// wrote and Serve's error.
func serveString(t *testing.T, input string) ([]*message, error) {
	t.Helper()
	var out bytes.Buffer
	err := Serve(strings.NewReader(input), &out, "test")
	if strings.Contains(out.String(), `"error"`) && !strings.Contains(out.String(), `"id":null,"error"`) {
		t.Errorf("an error response without \"id\": null: %s", out.String())
	}
	c := newConn(&out, nil)
	var msgs []*message
	for {
		m, rerr := c.read()
		if rerr != nil {
			break
		}
		msgs = append(msgs, m)
	}
	return msgs, err
}

// TestBadFrames: one bad frame never ends the session. Each is answered
// with a JSON-RPC error whose id is null, and the requests after it are
// served.
func TestBadFrames(t *testing.T) {
	cases := []struct{ name, bad, want string }{
		{"max int length", "Content-Length: 9223372036854775807\r\n\r\n", "exceeds the 67108864 bytes a message may have"},
		{"huge length", "Content-Length: 1099511627776\r\n\r\n", "exceeds the 67108864 bytes"},
		{"overflowing length", "Content-Length: 99999999999999999999\r\n\r\n", `Content-Length "99999999999999999999" is not a byte count`},
		{"letters", "Content-Length: abc\r\n\r\n", `Content-Length "abc" is not a byte count`},
		{"negative", "Content-Length: -1\r\n\r\n", `Content-Length "-1" is not a byte count`},
		{"empty", "Content-Length: \r\n\r\n", `Content-Length "" is not a byte count`},
		{"no length", "Content-Type: application/json\r\n\r\n", "header without Content-Length"},
		{"missing header", `{"jsonrpc":"2.0","id":7,"method":"initialize"}`, "no Content-Length header before"},
		{"garbage line", "hello\r\n\r\n", `no Content-Length header before "hello"`},
		{"bad json", frame(`{"jsonrpc":`), "parse error"},
		{"json array", frame(`[1,2]`), "parse error"},
		{"long garbage line", strings.Repeat("x", 10000) + "\r\n\r\n", "no Content-Length header before"},
		{"two lengths that differ", "Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}", "two Content-Length headers (2 and 3); the message is skipped"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := frame(initialize) + tc.bad + frame(shutdown) + frame(exit)
			msgs, err := serveString(t, in)
			if err != nil {
				t.Fatalf("Serve: %v", err)
			}
			var gotErr, gotShutdown bool
			for _, m := range msgs {
				if m.Error != nil && m.ID == nil && strings.Contains(m.Error.Message, tc.want) {
					gotErr = true
				}
				if m.ID != nil && string(*m.ID) == "2" && m.Error == nil {
					gotShutdown = true
				}
			}
			if !gotErr || !gotShutdown {
				t.Errorf("responses %s: want an error with id null containing %q, then the shutdown answered", dump(msgs), tc.want)
			}
		})
	}
}

// TestLengthLongerThanBody: a length past the end of the stream ends the
// session quietly, as a closed stream does.
func TestLengthLongerThanBody(t *testing.T) {
	_, err := serveString(t, frame(initialize)+"Content-Length: 500\r\n\r\n{}")
	if err != nil {
		t.Fatalf("Serve: %v", err)
	}
}

// TestExitWithoutShutdown: the protocol asks for exit code 1.
func TestExitWithoutShutdown(t *testing.T) {
	_, err := serveString(t, frame(initialize)+frame(exit))
	if !errors.Is(err, ErrExitBeforeShutdown) {
		t.Fatalf("Serve = %v, want ErrExitBeforeShutdown", err)
	}
	if _, err := serveString(t, frame(initialize)+frame(shutdown)+frame(exit)); err != nil {
		t.Fatalf("after shutdown, Serve = %v, want nil", err)
	}
}

func dump(msgs []*message) string {
	b, _ := json.Marshal(msgs)
	return string(b)
}
