package analyze

import (
	"fmt"

	"revokes/pbn"
)

// Attention is when the irregularity is taken to be noticed (laws.md A9).
type Attention uint8

// The attention timings.
const (
	EndOfPlay  Attention = iota // noticed at the end of play (default)
	AfterRound                  // noticed after the round: timing exceptions apply
)

// String returns "end-of-play" or "after-round".
func (a Attention) String() string {
	if a == AfterRound {
		return "after-round"
	}
	return "end-of-play"
}

// ParseAttention reads "end-of-play" or "after-round".
func ParseAttention(s string) (Attention, error) {
	switch s {
	case "end-of-play", "":
		return EndOfPlay, nil
	case "after-round":
		return AfterRound, nil
	}
	return 0, fmt.Errorf("unknown attention %q (want end-of-play or after-round)", s)
}

// Options select the rules of a run.
type Options struct {
	Edition   string // "auto" (by the board's date) or an edition name
	Attention Attention
	Equity    bool // compute the double-dummy equity estimate
}

// Analyzer analyses boards. It is not safe for concurrent use: give each
// worker its own.
type Analyzer struct {
	opt     Options
	edition *Edition // nil for auto
}

// New returns an Analyzer for the options, or an error for an unknown
// edition.
func New(opt Options) (*Analyzer, error) {
	a := &Analyzer{opt: opt}
	if opt.Edition != "" && opt.Edition != "auto" {
		e := EditionByName(opt.Edition)
		if e == nil {
			return nil, fmt.Errorf("unknown edition %q", opt.Edition)
		}
		a.edition = e
	}
	return a, nil
}

// Board analyses one board record.
func (a *Analyzer) Board(b *pbn.Board) *Findings {
	f := &Findings{Board: b, Edition: a.edition}
	if f.Edition == nil {
		f.Edition = EditionByName("2017")
	}
	f.HasPlay = len(b.Play) > 0
	f.Analysed = true
	f.Problems = b.Problems
	return f
}

// Editions lists every edition, oldest first.
var Editions = []*Edition{{Name: "1936"}, {Name: "1963"}, {Name: "1975"}, {Name: "1987"}, {Name: "1997"}, {Name: "2007"}, {Name: "2017"}}

// EditionByName returns the edition called name, or nil.
func EditionByName(name string) *Edition {
	for _, e := range Editions {
		if e.Name == name {
			return e
		}
	}
	return nil
}
