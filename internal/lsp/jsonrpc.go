package lsp

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// message is a JSON-RPC 2.0 request, notification or response.
type message struct {
	JSONRPC string           `json:"jsonrpc"`
	ID      *json.RawMessage `json:"id,omitempty"`
	Method  string           `json:"method,omitempty"`
	Params  json.RawMessage  `json:"params,omitempty"`
	Result  any              `json:"result,omitempty"`
	Error   *rpcError        `json:"error,omitempty"`
}

// rpcError is a JSON-RPC error object.
type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// JSON-RPC and LSP error codes.
const (
	codeParseError     = -32700
	codeInvalidParams  = -32602
	codeMethodNotFound = -32601
	codeNotInitialized = -32002
)

// conn reads and writes messages framed by LSP's base protocol: a
// Content-Length header, a blank line, then the JSON body.
type conn struct {
	r  *bufio.Reader
	mu sync.Mutex // serialises writes: responses and notifications interleave
	w  io.Writer

	skipped string // bytes skipped before the last message; see takeSkipped
}

func newConn(r io.Reader, w io.Writer) *conn {
	return &conn{r: bufio.NewReader(r), w: w}
}

// MaxMessage is the largest message body the server reads; a larger
// Content-Length is answered with an error, not an allocation.
const MaxMessage = 64 << 20

// A frameError is a message whose framing was unreadable: a missing or bad
// Content-Length, a header that is no header. The connection skips to the
// next Content-Length header; the server answers with an error.
type frameError struct{ msg string }

func (e *frameError) Error() string { return e.msg }

// lengthHeader is the header the base protocol requires, lower case.
const lengthHeader = "content-length:"

// read returns the next message; io.EOF when the client closed the
// stream. A *frameError or a JSON parse error leaves the connection ready
// for the next message.
func (c *conn) read() (*message, error) {
	n, err := c.readHeader()
	if err != nil {
		return nil, err
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(c.r, body); err != nil {
		// The stream ended inside a body: the client is gone.
		return nil, io.EOF
	}
	var m message
	if err := json.Unmarshal(body, &m); err != nil {
		return &message{}, fmt.Errorf("parse error: %w", err)
	}
	return &m, nil
}

// readHeader reads header lines up to the blank line that ends them and
// returns the Content-Length. Lines before a header that are no header
// (a body sent without one, the rest of a body whose length was wrong)
// are skipped up to the next Content-Length, and reported once.
func (c *conn) readHeader() (int64, error) {
	length, lengthText := int64(-1), ""
	var bad string      // the first line that is no header
	var conflict string // two Content-Length headers that differ
	seen := false       // a line of this header has been read
	for {
		line, err := c.readLine()
		if err != nil {
			return 0, io.EOF
		}
		if line == "" {
			if !seen {
				continue // blank lines between messages
			}
			break
		}
		if i := strings.Index(strings.ToLower(line), lengthHeader); i > 0 {
			// A header glued to the end of skipped bytes: resynchronise.
			if bad == "" {
				bad = line[:i]
			}
			line = line[i:]
		}
		seen = true
		name, val, ok := strings.Cut(line, ":")
		switch {
		case !ok:
			if bad == "" {
				bad = line
			}
		case strings.EqualFold(strings.TrimSpace(name), "Content-Length") && lengthText != "" && strings.TrimSpace(val) != lengthText:
			// Two lengths that differ: neither can be trusted (HTTP
			// treats it as unrecoverable). The message is not read; the
			// next header resynchronises.
			if conflict == "" {
				conflict = fmt.Sprintf("two Content-Length headers (%s and %s)", clip(lengthText), clip(strings.TrimSpace(val)))
			}
		case strings.EqualFold(strings.TrimSpace(name), "Content-Length"):
			lengthText = strings.TrimSpace(val)
			length = -2
			if n, err := strconv.ParseInt(lengthText, 10, 64); err == nil && n >= 0 {
				length = n
			}
		}
	}
	switch {
	case conflict != "":
		return 0, &frameError{conflict + "; the message is skipped"}
	case length == -1 && bad != "":
		return 0, &frameError{fmt.Sprintf("no Content-Length header before %q", clip(bad))}
	case length == -1:
		return 0, &frameError{"header without Content-Length"}
	case length == -2:
		return 0, &frameError{fmt.Sprintf("Content-Length %q is not a byte count", clip(lengthText))}
	case length > MaxMessage:
		return 0, &frameError{fmt.Sprintf("Content-Length %d exceeds the %d bytes a message may have", length, MaxMessage)}
	case bad != "":
		// The message itself is good; the bytes before it are reported
		// by the caller through skipped.
		c.skipped = fmt.Sprintf("skipped %q: no Content-Length header before it", clip(bad))
	}
	return length, nil
}

// readLine returns one header line without its line end. A line longer
// than the reader's buffer is no header: its rest is skipped.
func (c *conn) readLine() (string, error) {
	line, err := c.r.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		// Keep the start, for the message, and the end, where a header
		// glued to skipped bytes would be.
		head, tail := string(line[:40]), string(line)
		for errors.Is(err, bufio.ErrBufferFull) {
			line, err = c.r.ReadSlice('\n')
			tail = tail[max(0, len(tail)-100):] + string(line)
		}
		if err != nil {
			return "", err
		}
		tail = strings.TrimRight(tail[max(0, len(tail)-100):], "\r\n")
		return head + "…" + tail, nil
	}
	if err != nil {
		return "", err
	}
	return strings.TrimRight(string(line), "\r\n"), nil
}

// takeSkipped returns, once, a note of bytes skipped before the last
// message read.
func (c *conn) takeSkipped() string {
	s := c.skipped
	c.skipped = ""
	return s
}

// clip shortens s for an error message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// write sends one message.
func (c *conn) write(m *message) error {
	m.JSONRPC = "2.0"
	body, err := json.Marshal(m)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, err := fmt.Fprintf(c.w, "Content-Length: %d\r\n\r\n", len(body)); err != nil {
		return err
	}
	_, err = c.w.Write(body)
	return err
}

// notify sends a notification.
func (c *conn) notify(method string, params any) error {
	raw, err := json.Marshal(params)
	if err != nil {
		return err
	}
	return c.write(&message{Method: method, Params: raw})
}

// reply answers the request with id; a nil result is sent as null.
func (c *conn) reply(id *json.RawMessage, result any, rerr *rpcError) error {
	if id == nil {
		// JSON-RPC: the id of an unreadable request is null.
		null := json.RawMessage("null")
		id = &null
	}
	m := &message{ID: id, Error: rerr}
	if rerr == nil {
		if result == nil {
			result = json.RawMessage("null")
		}
		m.Result = result
	}
	return c.write(m)
}
