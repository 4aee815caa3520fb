package main

import (
	"strings"

	"golang.org/x/text/message"
)

// flagError says in the printer's language what the flag package found
// wrong with the command line. The flag package words its errors in
// English; each kind it makes is read back here and said again from the
// catalog, so that a Dutch user meets no English sentence.
func flagError(p *message.Printer, err error) string {
	s := err.Error()
	cut := func(prefix string) (string, bool) { return strings.CutPrefix(s, prefix) }
	if name, ok := cut("flag provided but not defined: "); ok {
		return p.Sprintf("unknown flag %s", name)
	}
	if name, ok := cut("flag needs an argument: "); ok {
		return p.Sprintf("flag %s needs a value", name)
	}
	if arg, ok := cut("bad flag syntax: "); ok {
		return p.Sprintf("bad flag syntax: %s", arg)
	}
	// invalid value "x" for flag -n: reason; invalid boolean value "x" for -n: reason
	for _, prefix := range []string{"invalid value ", "invalid boolean value "} {
		rest, ok := cut(prefix)
		if !ok {
			continue
		}
		value, rest, ok := strings.Cut(rest, " for ")
		if !ok {
			break
		}
		name, _, _ := strings.Cut(strings.TrimPrefix(rest, "flag "), ":")
		return p.Sprintf("%s is not a valid value for %s", value, name)
	}
	if rest, ok := cut("invalid boolean flag "); ok {
		name, _, _ := strings.Cut(rest, ":")
		return p.Sprintf("-%s takes no value but true or false", name)
	}
	return s
}
