package lsp

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/textproto"
	"strconv"
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
}

func newConn(r io.Reader, w io.Writer) *conn {
	return &conn{r: bufio.NewReader(r), w: w}
}

// read returns the next message; io.EOF when the client closed the stream.
func (c *conn) read() (*message, error) {
	hdr, err := textproto.NewReader(c.r).ReadMIMEHeader()
	if err != nil {
		if err == io.EOF || len(hdr) == 0 {
			return nil, io.EOF
		}
		return nil, err
	}
	n, err := strconv.Atoi(hdr.Get("Content-Length"))
	if err != nil || n < 0 {
		return nil, fmt.Errorf("bad Content-Length %q", hdr.Get("Content-Length"))
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(c.r, body); err != nil {
		return nil, err
	}
	var m message
	if err := json.Unmarshal(body, &m); err != nil {
		return &message{}, fmt.Errorf("parse error: %w", err)
	}
	return &m, nil
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
	m := &message{ID: id, Error: rerr}
	if rerr == nil {
		if result == nil {
			result = json.RawMessage("null")
		}
		m.Result = result
	}
	return c.write(m)
}
