package correct

import (
	"fmt"
	"strings"
	"testing"
)

// pbnLines builds a PBN file's text line by line, each line ended by
// eol; line is the number of the line written next.
type pbnLines struct {
	strings.Builder
	eol  string
	line int
}

// newPBNLines starts a PBN file: its version line, a comment and a blank
// line.
func newPBNLines(eol, comment string) *pbnLines {
	l := &pbnLines{eol: eol, line: 1}
	l.w("% PBN 2.1")
	l.w("{ " + comment + " }")
	l.w("")
	return l
}

// w writes the line s.
func (l *pbnLines) w(s string) {
	l.WriteString(s + l.eol)
	l.line++
}

// traveller returns the board of rescoring.md §7 as one PBN file: 22
// tables of a matchpoint board (MP1), table 15 played 2♥ by South, 8
// tricks, +110; three other tables +110, one +140, the rest other
// results. It returns the text and the line where table 15's record
// starts.
func traveller(eol string) (string, int) {
	l := newPBNLines(eol, "the worked example of rescoring.md §7")
	start15 := 0
	for t := 1; t <= 22; t++ {
		contract, tricks, score := "3NT", 8, "EW 50"
		switch t {
		case 15, 3, 7, 11:
			contract, tricks, score = "2H", 8, "NS 110"
		case 20:
			contract, tricks, score = "2H", 9, "NS 140"
		case 1, 2, 4, 5, 6:
			contract, tricks, score = "4H", 9, "EW 50"
		case 8, 9, 10:
			contract, tricks, score = "1NT", 7, "NS 90"
		}
		if t == 15 {
			start15 = l.line
		}
		l.w(`[Event "Club pairs"]`)
		l.w(`[Board "1"]`)
		l.w(fmt.Sprintf(`[Table "%d"]`, t))
		l.w(`[Scoring "MP1"]`)
		l.w(`[Declarer "S"]`)
		l.w(fmt.Sprintf(`[Contract "%s"]`, contract))
		l.w(fmt.Sprintf(`[Result "%d"]`, tricks))
		l.w(fmt.Sprintf(`[Score "%s"]`, score))
		l.w("")
	}
	return l.String(), start15
}

// TestWorkedExample corrects table 15 of rescoring.md §7 (a defender's
// revoke, one trick transferred: 9 tricks, +140) and compares the copy
// line by line with its input: only the Result and Score lines of that
// record differ, and one RevokeRuling line follows the record.
func TestWorkedExample(t *testing.T) {
	for _, eol := range []string{"\n", "\r\n"} {
		t.Run(fmt.Sprintf("%q", eol), func(t *testing.T) {
			src, start := traveller(eol)
			fix := Fix{Line: start, Tricks: 9, Score: 140, HasScore: true, DeclNS: true,
				Rulings: []Ruling{{ID: "kq3vd5mxa2bc", Rule: "2017 64A2", Transfer: 1}}}
			out, errs := Copy([]byte(src), []Fix{fix})
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			in := strings.SplitAfter(src, eol)
			got := strings.SplitAfter(string(out), eol)
			// Table 15's record: lines start..start+7 (1-based), its
			// Result at start+6, its Score at start+7.
			want := map[int][2]string{
				start + 6: {`[Result "8"]`, `[Result "9"]`},
				start + 7: {`[Score "NS 110"]`, `[Score "NS 140"]`},
			}
			added := start + 8 // the RevokeRuling line, before the blank line
			if len(got) != len(in)+1 {
				t.Fatalf("%d lines, want %d", len(got), len(in)+1)
			}
			for i, j := 0, 0; i < len(in); i, j = i+1, j+1 {
				if j+1 == added {
					if g := got[j]; g != `[RevokeRuling "kq3vd5mxa2bc 2017 64A2 1"]`+eol {
						t.Errorf("line %d: %q, want the RevokeRuling tag", j+1, g)
					}
					j++
				}
				w, ok := want[i+1]
				switch {
				case ok && (in[i] != w[0]+eol || got[j] != w[1]+eol):
					t.Errorf("line %d: %q → %q, want %q → %q", i+1, in[i], got[j], w[0], w[1])
				case !ok && in[i] != got[j]:
					t.Errorf("line %d changed: %q → %q", i+1, in[i], got[j])
				}
			}
		})
	}
}
