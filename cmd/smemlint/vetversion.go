package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/smemlint/smemlint/analyzer/config"
)

// vetVersion answers go vet's "-V=full" handshake. go vet runs it once per
// invocation, in its own working directory, and keys its cache of every
// package's result on the answer. So this is where smemlint:
//
//   - folds the configuration files into that key (go vet knows nothing of
//     smemlint.conf, and would replay results computed under an old one):
//     the one that applies to the working directory and those below it;
//   - rejects a malformed configuration file or a bad -arch or -bankmode
//     given to go vet, once, in one line, before any package is vetted.
//
// go vet does not pass its flags to the handshake; on Linux they are read
// from its command line (/proc/PPID/cmdline). Elsewhere every package's
// run rejects them (preflight).
func vetVersion(stdout, stderr io.Writer) int {
	if args := parentArgs(); len(args) > 0 {
		if err := setOptionFlags(args); err == nil {
			err = config.CheckFlags()
			if err != nil {
				fmt.Fprintln(stderr, "smemlint:", err)
				return exitError
			}
		} else {
			fmt.Fprintln(stderr, "smemlint:", err)
			return exitError
		}
	}
	h := sha256.New()
	exe, err := os.Executable()
	if err == nil {
		err = hashFile(h, exe)
	}
	if err != nil {
		fmt.Fprintln(stderr, "smemlint:", err)
		return exitError
	}
	confs, err := configFiles(".")
	if err != nil {
		fmt.Fprintln(stderr, "smemlint:", err)
		return exitError
	}
	for _, p := range confs {
		data, err := os.ReadFile(p)
		if err != nil {
			fmt.Fprintln(stderr, "smemlint:", err)
			return exitError
		}
		if _, err := config.Parse(p, data); err != nil {
			fmt.Fprintln(stderr, "smemlint:", err)
			return exitError
		}
		fmt.Fprintf(h, "%s\n%d\n", p, len(data))
		h.Write(data)
	}
	fmt.Fprintf(stdout, "%s version devel comments-go-here buildID=%02x\n", exe, h.Sum(nil))
	return exitClean
}

func hashFile(h io.Writer, name string) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(h, f)
	return err
}

// configFiles lists the configuration file that applies to dir and those
// in the directories below it that the go command would match with ./...
// (it skips directories whose names start with . or _, and testdata).
func configFiles(dir string) ([]string, error) {
	var out []string
	up, err := config.Find(dir)
	if err != nil {
		return nil, err
	}
	if up != "" {
		out = append(out, up)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	err = filepath.WalkDir(abs, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // unreadable directories hold no configuration go vet reads either
		}
		if d.IsDir() {
			n := d.Name()
			if p != abs && (strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") || n == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Name() == config.FileName && p != up {
			out = append(out, p)
		}
		return nil
	})
	return out, err
}

// parentArgs returns the command line of the process that started this
// one when it is a go command, nil when it cannot be read.
func parentArgs() []string {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", os.Getppid()))
	if err != nil {
		return nil
	}
	args := strings.Split(string(bytes.TrimRight(data, "\x00")), "\x00")
	if len(args) < 2 || filepath.Base(args[0]) != "go" {
		return nil
	}
	return args[1:]
}
