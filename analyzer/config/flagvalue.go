package config

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// setString, setInt and setBool are flag values that remember whether
// the flag was given, so that only a given flag overrides the
// configuration file.
type setString struct {
	v   string
	set bool
}

func (s *setString) String() string     { return s.v }
func (s *setString) Set(v string) error { s.v, s.set = v, true; return nil }

// setArch is the -arch flag: a setString that refuses an empty value.
// "-arch=$ARCH" with ARCH unset would otherwise check against the default
// profile in silence.
type setArch struct{ setString }

func (s *setArch) Set(v string) error {
	if strings.TrimSpace(v) == "" {
		return errors.New("an empty profile: name one (sm_1x, sm_2x, sm_3x, sm_50 … sm_90) or leave the flag out")
	}
	return s.setString.Set(v)
}

type setInt struct {
	v   int
	set bool
}

func (s *setInt) String() string { return strconv.Itoa(s.v) }
func (s *setInt) Set(v string) error {
	n, err := strconv.Atoi(v)
	if err != nil {
		return fmt.Errorf("%q is not a number", v)
	}
	s.v, s.set = n, true
	return nil
}

type setBool struct {
	v   bool
	set bool
}

func (s *setBool) String() string   { return strconv.FormatBool(s.v) }
func (s *setBool) IsBoolFlag() bool { return true }
func (s *setBool) Set(v string) error {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return fmt.Errorf("%q is not true or false", v)
	}
	s.v, s.set = b, true
	return nil
}
