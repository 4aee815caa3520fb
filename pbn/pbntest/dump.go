package pbntest

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"revokes/pbn"
)

// Dump writes a board in the text form of the readers' golden files, the
// same for both formats: every value a reader sets, one item a line.
func Dump(b *pbn.Board) string {
	var w strings.Builder
	fmt.Fprintf(&w, "board %d line %d %s file %s\n", b.Index, b.Line, b.Format, b.File)
	for _, t := range b.Tags {
		fmt.Fprintf(&w, "  tag %s=%q\n", t.Name, t.Value)
	}
	fmt.Fprintf(&w, "  players N=%q E=%q S=%q W=%q\n", b.Players[pbn.North], b.Players[pbn.East], b.Players[pbn.South], b.Players[pbn.West])
	dealer := "-"
	if b.HasDealer {
		dealer = b.Dealer.String()
	}
	fmt.Fprintf(&w, "  dealer %s vul %s\n", dealer, b.Vul)
	// A hand the record does not give is "-" (followed by its cards,
	// should a reader have set any).
	w.WriteString("  deal")
	for s := pbn.North; s <= pbn.West; s++ {
		switch {
		case b.Given[s]:
			fmt.Fprintf(&w, " %s:%s", s, b.Deal[s])
		case b.Deal[s].Len() == 0:
			fmt.Fprintf(&w, " %s:-", s)
		default:
			fmt.Fprintf(&w, " %s:-%s", s, b.Deal[s])
		}
	}
	w.WriteString("\n")
	if len(b.Auction) > 0 {
		fmt.Fprintf(&w, "  auction %s:", b.AuctionStart)
		for _, c := range b.Auction {
			w.WriteString(" " + c.Text)
			if c.Alert {
				w.WriteString("!")
			}
			if c.Note != "" {
				fmt.Fprintf(&w, "(%s)", c.Note)
			}
		}
		w.WriteString("\n")
	}
	contract, decl, result := "-", "-", "-"
	if b.HasContract {
		contract = b.Contract.String()
	}
	if b.HasDeclarer {
		decl = b.Declarer.String()
	}
	if b.HasResult {
		result = fmt.Sprint(b.Result)
		if b.ResultMarked {
			result = "^" + result
		}
	}
	fmt.Fprintf(&w, "  contract %s by %s result %s\n", contract, decl, result)
	for i := 0; i < len(b.Play); i += 4 {
		fmt.Fprintf(&w, "  trick %2d:", i/4+1)
		for _, p := range b.Play[i:min(i+4, len(b.Play))] {
			fmt.Fprintf(&w, " %s:%s", p.Seat, p.Card)
			if p.Mark != 0 {
				fmt.Fprintf(&w, "^%c", p.Mark)
			}
		}
		if b.Reseated>>(i/4)&1 != 0 {
			w.WriteString(" (re-seated)")
		}
		w.WriteString("\n")
	}
	if b.Claim {
		fmt.Fprintf(&w, "  claim %d\n", b.ClaimTricks)
	}
	for _, p := range b.Problems {
		fmt.Fprintf(&w, "  %s %s line %d: %s\n", p.Severity, p.Code, p.Line, p.Text)
	}
	return w.String()
}

// DumpError writes a record that could not be read, in the text form of
// Dump.
func DumpError(e *pbn.ParseError) string {
	return fmt.Sprintf("error record %d line %d file %s\n  error %s line %d col %d: %v\n",
		e.Record, e.StartLine, e.File, e.Code, e.Line, e.Column, e.Err)
}

// DumpAll reads every record of r and dumps the boards and the records
// that could not be read, in order. Any other error ends the dump with a
// "fatal:" line, as does a reader that does not end.
func DumpAll(r pbn.BoardReader) string {
	var w strings.Builder
	for i := 0; ; i++ {
		if i > 1e6 {
			w.WriteString("fatal: Read does not end\n")
			return w.String()
		}
		b, err := r.Read()
		if err == io.EOF {
			return w.String()
		}
		var pe *pbn.ParseError
		if errors.As(err, &pe) {
			w.WriteString(DumpError(pe))
			continue
		}
		if err != nil {
			fmt.Fprintf(&w, "fatal: %v\n", err)
			return w.String()
		}
		w.WriteString(Dump(b))
	}
}
