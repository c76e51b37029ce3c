// Package directive parses smemlint's comment directives:
//
//	//smemlint:launch block=32x8 grid=64x64 shared=4096 arch=sm_90 cluster=2
//	//smemlint:ignore bankconflict the tile is read once per block
package directive

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Prefix starts every directive.
const Prefix = "//smemlint:"

// Launch is a parsed //smemlint:launch directive.
type Launch struct {
	Block, Grid, Cluster [3]int // zero: not given
	Shared               int64  // -1: not given
	Arch                 string
}

// ParseLaunch parses the text after "//smemlint:launch".
func ParseLaunch(args string) (Launch, error) {
	l := Launch{Shared: -1}
	fields := strings.Fields(args)
	if len(fields) == 0 {
		return l, fmt.Errorf("//smemlint:launch needs at least block=X[xY[xZ]]")
	}
	seen := map[string]string{}
	for _, f := range fields {
		key, val, ok := strings.Cut(f, "=")
		if !ok || val == "" {
			return l, fmt.Errorf("//smemlint:launch: %q is not key=value (keys: block, grid, cluster, shared, arch)", f)
		}
		if prev, dup := seen[key]; dup {
			return l, fmt.Errorf("//smemlint:launch: %s given twice (%s and %s); give each key once", key, prev, f)
		}
		seen[key] = f
		var err error
		switch key {
		case "block":
			l.Block, err = parseDim(val)
		case "grid":
			l.Grid, err = parseDim(val)
		case "cluster":
			l.Cluster, err = parseDim(val)
		case "shared":
			l.Shared, err = parseBytes(val)
		case "arch":
			l.Arch = val
		default:
			err = fmt.Errorf("unknown key %q (keys: block, grid, cluster, shared, arch)", key)
		}
		if err != nil {
			return l, fmt.Errorf("//smemlint:launch %s: %w", f, err)
		}
	}
	if l.Block[0] == 0 {
		return l, fmt.Errorf("//smemlint:launch needs block=X[xY[xZ]]")
	}
	return l, nil
}

// parseDim parses "32", "32x8" or "32x8x2" (also with X, × or *). Each
// dimension is read as a Go integer literal (strconv.ParseInt with base
// 0): 0x20 is 32, 0o40, 0b100000 and 1_024 are what Go makes of them, and
// 040 is octal, as in Go. Where a dimension starts 0x or 0X, the x is the
// hex prefix, not a separator: 0x20x8 is 32 by 8.
func parseDim(s string) ([3]int, error) {
	d := [3]int{1, 1, 1}
	parts := splitDim(s)
	if len(parts) > 3 {
		return d, fmt.Errorf("want X, XxY or XxYxZ")
	}
	for i, p := range parts {
		if p == "" {
			return d, fmt.Errorf("%q has an empty dimension; want X, XxY or XxYxZ", s)
		}
		n, err := strconv.ParseInt(p, 0, 0)
		if err != nil || n <= 0 {
			return d, fmt.Errorf("%q is not a positive integer (read as a Go integer literal: 32, 0x20, 1_024)", p)
		}
		d[i] = int(n)
	}
	return d, nil
}

// splitDim splits a shape at its separators (x, X, ×, *), keeping the x
// of a hex prefix (0x, 0X) in its dimension. Every separator ends a
// dimension, so "32xx8" has an empty one, not two separators.
func splitDim(s string) []string {
	var parts []string
	start := 0
	for i := 0; i < len(s); {
		if i == start && len(s) > i+1 && s[i] == '0' && (s[i+1] == 'x' || s[i+1] == 'X') {
			i += 2 // a hex prefix; its digits follow, and no x is one
			for i < len(s) && (isHexDigit(s[i]) || s[i] == '_') {
				i++
			}
			continue
		}
		if n := separatorLen(s[i:]); n > 0 {
			parts = append(parts, s[start:i])
			i += n
			start = i
			continue
		}
		i++
	}
	return append(parts, s[start:])
}

// separatorLen is the length of the dimension separator s starts with, or 0.
func separatorLen(s string) int {
	switch {
	case strings.HasPrefix(s, "×"):
		return len("×")
	case s[0] == 'x' || s[0] == 'X' || s[0] == '*':
		return 1
	}
	return 0
}

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// parseBytes parses "4096", "4K" or "4KB" (kibibytes); the number is
// read as a Go integer literal, as in parseDim (0x1000, 4_096).
func parseBytes(s string) (int64, error) {
	mult := int64(1)
	u := strings.ToUpper(s)
	for _, suf := range []string{"KB", "K"} {
		if strings.HasSuffix(u, suf) {
			u, mult = strings.TrimSuffix(u, suf), 1024
			break
		}
	}
	n, err := strconv.ParseInt(u, 0, 64)
	if errors.Is(err, strconv.ErrRange) || n > math.MaxInt64/mult {
		return 0, fmt.Errorf("%q is more bytes than any block can have", s)
	}
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%q is not a byte count", s)
	}
	return n * mult, nil
}

// Ignore is a parsed //smemlint:ignore directive.
type Ignore struct {
	Checks []string // check names, or "all"
	Reason string
}

// ParseIgnore parses the text after "//smemlint:ignore"; known tells
// which check names exist.
func ParseIgnore(args string, known func(string) bool) (Ignore, error) {
	fields := strings.Fields(args)
	if len(fields) == 0 {
		return Ignore{}, fmt.Errorf("//smemlint:ignore needs a check name and a reason: //smemlint:ignore bankconflict why it is fine")
	}
	var ig Ignore
	if strings.HasSuffix(fields[0], ",") {
		return Ignore{}, fmt.Errorf("//smemlint:ignore %s: a comma ends the check names; list several checks without spaces (bankconflict,coalescing), then the reason", fields[0])
	}
	for _, c := range strings.Split(fields[0], ",") {
		if c == "" {
			return Ignore{}, fmt.Errorf("//smemlint:ignore %s: an empty check name; separate check names by one comma", fields[0])
		}
		if c != "all" && !known(c) {
			return Ignore{}, fmt.Errorf("//smemlint:ignore: unknown check %q", c)
		}
		ig.Checks = append(ig.Checks, c)
	}
	ig.Reason = strings.Join(fields[1:], " ")
	if ig.Reason == "" {
		return Ignore{}, fmt.Errorf("//smemlint:ignore %s: a reason is required after the check name", fields[0])
	}
	return ig, nil
}

// Matches reports whether the directive suppresses check.
func (ig Ignore) Matches(check string) bool {
	for _, c := range ig.Checks {
		if c == check || c == "all" {
			return true
		}
	}
	return false
}

// Split splits a comment's text into the directive name and its
// arguments; ok is false when the comment is no smemlint directive.
func Split(comment string) (name, args string, ok bool) {
	rest, ok := strings.CutPrefix(comment, Prefix)
	if !ok {
		return "", "", false
	}
	// Any white space, a tab included, ends the name.
	if i := strings.IndexAny(rest, " \t"); i >= 0 {
		name, args = rest[:i], rest[i+1:]
	} else {
		name = rest
	}
	// A trailing comment, as in //smemlint:launch block=32 // tuned, is
	// not part of the directive.
	if i := strings.Index(args, "//"); i >= 0 {
		args = args[:i]
	}
	return name, strings.TrimSpace(args), true
}

// NearMiss says why comment, which Split does not read, was likely meant
// as a directive and is not one, or returns "": a line comment with white
// space between // and smemlint:launch or smemlint:ignore, or a block
// comment holding one. Go reads directives only in the //name: form, and
// a directive that is not read changes nothing, in silence.
func NearMiss(comment string) string {
	var form string
	switch {
	case strings.HasPrefix(comment, "//"):
		rest := strings.TrimLeft(comment[2:], " \t")
		if len(rest) == len(comment)-2 {
			return ""
		}
		form = "with white space after //"
		comment = rest
	case strings.HasPrefix(comment, "/*"):
		form = "in a /* */ comment"
		comment = strings.TrimLeft(strings.TrimSuffix(comment[2:], "*/"), " \t")
	default:
		return ""
	}
	rest, ok := strings.CutPrefix(comment, "smemlint:")
	if !ok {
		return ""
	}
	name, _, _ := strings.Cut(rest, " ")
	name, _, _ = strings.Cut(name, "\t")
	if name != "launch" && name != "ignore" {
		return ""
	}
	return fmt.Sprintf("smemlint:%s %s is not read as a directive: write it as a line comment, //smemlint:%s, with nothing between // and smemlint", name, form, name)
}
