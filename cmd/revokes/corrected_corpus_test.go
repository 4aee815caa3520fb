package main

import (
	"bytes"
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"revokes/pbn"
	"revokes/pbn/pbnfile"
	"revokes/pbn/pbntest"
	"revokes/rescore"
)

// The real session result files of the shared corpus that rescoring.md
// §9 was written from: a ScoreTable on each board, a TotalScoreTable.
var realSessions = []string{
	"gerhardsletten__jrbridge-pbn-api/api/_src/__tests__/sample/pairs.pbn",
	"lucbellicaud__bridgetrainer/Boards/Pbns/open2dn1nationalfinaledirecte21-22-sance1.pbn",
}

// lowest returns the lowest card of h in suit s, or of any suit when s
// is -1 (the lowest rank, spades first).
func lowest(h pbn.Hand, s int) pbn.Card {
	if s >= 0 {
		if x := uint64(h.Suit(pbn.Suit(s))); x != 0 {
			return pbn.Card(bits.TrailingZeros64(x))
		}
	}
	best := pbn.NoCard
	for _, c := range h.Cards() {
		if best == pbn.NoCard || c.Rank() < best.Rank() {
			best = c
		}
	}
	return best
}

// plantRevoke returns the Play section of two tricks in which declarer's
// right-hand opponent revokes in the first (he holds the suit led and
// plays another) and plays to the second (established, laws.md A4), the
// rest claimed; and declarer's tricks of the two. Every other card is the
// lowest that follows suit.
func plantRevoke(d pbn.Deal, c pbn.Contract, decl pbn.Seat) ([]string, int, bool) {
	leader, rho := decl.Next(), decl.Prev()
	for s := range 4 {
		lead := lowest(d[leader], s)
		if lead == pbn.NoCard || lead.Suit() != pbn.Suit(s) || !d[rho].HasSuit(pbn.Suit(s)) || d[rho].Suit(pbn.Suit(s)) == d[rho] {
			continue
		}
		h := d
		var lines []string
		declTricks := 0
		first := leader
		for trick := range 2 {
			var cards [4]pbn.Card
			for i := range 4 {
				p := (first + pbn.Seat(i)) & 3
				switch {
				case i == 0 && trick == 0:
					cards[i] = lead
				case i == 0:
					cards[i] = lowest(h[p], -1)
				case p == rho && trick == 0:
					rest := h[p] &^ h[p].Suit(pbn.Suit(s))
					cards[i] = lowest(rest, -1)
				default:
					cards[i] = lowest(h[p], int(cards[0].Suit()))
				}
				h[p] = h[p].Without(cards[i])
			}
			win := (first + pbn.Seat(pbn.TrickWinner(cards, c.Strain))) & 3
			// Columns by seat from the Play tag's seat (the leader).
			var cols [4]string
			for i := range 4 {
				p := (first + pbn.Seat(i)) & 3
				cols[(p-leader)&3] = cards[i].String()
			}
			lines = append(lines, strings.Join(cols[:], " "))
			if win.NS() == decl.NS() {
				declTricks++
			}
			first = win
		}
		return append(lines, "*"), declTricks, true
	}
	return nil, 0, false
}

// withRevoke returns a real session file with a revoke planted on its
// first board with a ScoreTable: the record gets a row's table, contract,
// declarer and result, and a Play section of two tricks in which a
// defender revokes (plantRevoke), the rest claimed.
func withRevoke(t *testing.T, data []byte) []byte {
	t.Helper()
	boards, _ := pbntest.ReadAll(t, "session", pbnfile.NewReader(bytes.NewReader(data)))
	for _, b := range boards {
		for _, cell := range scoreTableRows(b) {
			c, ok := pbn.ParseContract(cell["contract"])
			tricks, err := strconv.Atoi(cell["result"])
			if !ok || c.PassedOut() || err != nil || len(cell["declarer"]) != 1 {
				continue
			}
			decl, ok := pbn.ParseSeat(cell["declarer"][0])
			if !ok {
				continue
			}
			play, won, ok := plantRevoke(b.Deal, c, decl)
			if !ok || won > tricks || 2-won > 13-tricks {
				continue
			}
			return plantInto(t, data, b.Line, map[string]string{"Declarer": cell["declarer"], "Contract": cell["contract"],
				"Result": cell["result"], "Table": cell["table"]}, decl.Next(), play)
		}
	}
	t.Fatal("no ScoreTable row to plant a revoke in")
	return nil
}

// scoreTableRows returns the rows of b's ScoreTable sections, each as its
// cells by lower-case column name.
func scoreTableRows(b *pbn.Board) []map[string]string {
	var rows []map[string]string
	for _, sec := range b.Sections {
		if sec.Name != "ScoreTable" {
			continue
		}
		var cols []string
		for _, c := range strings.Split(b.Tag("ScoreTable"), ";") {
			c, _, _ = strings.Cut(c, `\`)
			cols = append(cols, strings.ToLower(strings.TrimSpace(c)))
		}
		for _, line := range strings.Split(sec.Value, "\n") {
			cell := map[string]string{}
			for i, sp := range rescore.CellSpans(line) {
				if i < len(cols) {
					cell[cols[i]] = strings.Trim(line[sp[0]:sp[1]], `"`)
				}
			}
			rows = append(rows, cell)
		}
	}
	return rows
}

// plantInto sets the tags of the record that starts at line start (a tag
// the record lacks goes after its Result tag) and puts the Play section
// after its Result tag, with the file's line ends.
func plantInto(t *testing.T, data []byte, start int, tags map[string]string, leader pbn.Seat, play []string) []byte {
	t.Helper()
	eol := "\n"
	if bytes.Contains(data, []byte("\r\n")) {
		eol = "\r\n"
	}
	lines := strings.SplitAfter(string(data), "\n")
	var out []string
	out = append(out, lines[:start-1]...)
	done := map[string]bool{}
	i := start - 1
	for ; i < len(lines) && strings.TrimSpace(lines[i]) != ""; i++ {
		l := lines[i]
		for name, v := range tags {
			if strings.HasPrefix(l, "["+name+" ") {
				l = fmt.Sprintf("[%s %q]%s", name, v, eol)
				done[name] = true
			}
		}
		out = append(out, l)
		if strings.HasPrefix(l, "[Result ") {
			for _, name := range []string{"Declarer", "Contract", "Table"} {
				if !done[name] && !recordHas(lines[start-1:], name) {
					out = append(out, fmt.Sprintf("[%s %q]%s", name, tags[name], eol))
				}
			}
			out = append(out, fmt.Sprintf("[Play %q]%s", leader.String(), eol))
			for _, p := range play {
				out = append(out, p+eol)
			}
		}
	}
	if !done["Result"] {
		t.Fatal("the record has no Result tag")
	}
	return []byte(strings.Join(append(out, lines[i:]...), ""))
}

// recordHas reports whether the record of lines (to its first blank
// line) has a tag of that name.
func recordHas(lines []string, name string) bool {
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			return false
		}
		if strings.HasPrefix(l, "["+name+" ") {
			return true
		}
	}
	return false
}

// TestCorrectedRescoredCorpus plants a revoke on a board of each real
// session result file of the corpus (rescoring.md §9), corrects it with
// -rescore -apply all -corrected, and reads the copy again with -rescore:
// the revoke's transfer is in the Result (result-includes-transfer),
// nothing is applied twice, no board or pair changes, every stated value
// the first run reproduced is reproduced, no stated-value problem is
// added; and the copy differs from its input only in the planted record's
// Result and RevokeRuling lines, the ScoreTable and the TotalScoreTable.
func TestCorrectedRescoredCorpus(t *testing.T) {
	corpus := pbntest.CorpusDir(t)
	for _, rel := range realSessions {
		t.Run(filepath.Base(rel), func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(corpus, rel))
			if err != nil {
				t.Skip(err)
			}
			dir := t.TempDir()
			in, cdir := filepath.Join(dir, "in"), filepath.Join(dir, "corrected")
			os.MkdirAll(in, 0o755)
			src := withRevoke(t, data)
			if err := os.WriteFile(filepath.Join(in, "session.pbn"), src, 0o644); err != nil {
				t.Fatal(err)
			}
			out, _ := runOK(t, "-q", "-equity=false", "-rescore", "-apply", "all", "-o", "-", "-corrected", cdir, in)
			first := parseRows(t, out)
			if s := checkRows(t, first); s.num("revokes_applied") != 1 || s.num("pairs_affected") == 0 {
				t.Fatalf("%d revokes applied, %d pairs affected: the planted revoke changes nothing", s.num("revokes_applied"), s.num("pairs_affected"))
			}
			got := readCopy(t, cdir, "session.pbn")
			changed := 0
			inLines, outLines := strings.SplitAfter(string(src), "\n"), strings.SplitAfter(got, "\n")
			if len(outLines) != len(inLines)+1 {
				t.Fatalf("the copy has %d lines, want %d (one RevokeRuling line added)", len(outLines), len(inLines)+1)
			}
			for i, j := 0, 0; i < len(inLines); i, j = i+1, j+1 {
				if strings.HasPrefix(outLines[j], "[RevokeRuling ") {
					j++
				}
				if inLines[i] != outLines[j] {
					changed++
					if strings.HasPrefix(inLines[i], "[") && !strings.HasPrefix(inLines[i], "[Result ") {
						t.Errorf("line %d changed: %q → %q", i+1, inLines[i], outLines[j])
					}
					if len(inLines[i]) != len(outLines[j]) && !strings.HasPrefix(inLines[i], "[") {
						t.Errorf("line %d changed its width: %q → %q", i+1, inLines[i], outLines[j])
					}
				}
			}
			if changed < 3 {
				t.Errorf("%d lines changed: the stated values are not rewritten", changed)
			}
			checkRanks(t, got)
			out, _ = runOK(t, "-q", "-equity=false", "-rescore", "-apply", "all", "-o", "-", cdir)
			again := parseRows(t, out)
			checkReread(t, first, again)
			for _, r := range again {
				if r.str("type") == "revoke" && !hasFlag(r, "result-includes-transfer") {
					t.Errorf("read again, revoke %s without result-includes-transfer", r.str("id"))
				}
			}
		})
	}
}

// checkRanks checks that the ranks of a file's TotalScoreTable (one list)
// fit its percentages: a line's rank is one more than the lines with a
// higher percentage, or within the lines that tie with it.
func checkRanks(t *testing.T, text string) {
	t.Helper()
	b, err := pbnfile.NewReader(strings.NewReader(text)).Read()
	if err != nil {
		t.Fatal(err)
	}
	var cols []string
	for _, c := range strings.Split(b.Tag("TotalScoreTable"), ";") {
		c, _, _ = strings.Cut(c, `\`)
		cols = append(cols, strings.ToLower(strings.TrimSpace(c)))
	}
	type line struct {
		rank int
		pct  float64
	}
	var lines []line
	for _, sec := range b.Sections {
		if sec.Name != "TotalScoreTable" {
			continue
		}
		for _, l := range strings.Split(sec.Value, "\n") {
			var x line
			for i, sp := range rescore.CellSpans(l) {
				if i >= len(cols) {
					break
				}
				switch v := strings.Trim(l[sp[0]:sp[1]], `"`); cols[i] {
				case "rank":
					x.rank, _ = strconv.Atoi(v)
				case "totalpercentage":
					x.pct, _ = strconv.ParseFloat(v, 64)
				}
			}
			lines = append(lines, x)
		}
	}
	if len(lines) < 2 {
		t.Fatal("no TotalScoreTable in the first record")
	}
	for _, x := range lines {
		above, tie := 0, 0
		for _, y := range lines {
			switch {
			case y.pct > x.pct:
				above++
			case y.pct == x.pct:
				tie++
			}
		}
		if x.rank < above+1 || x.rank > above+tie {
			t.Errorf("rank %d for %.2f%%: %d lines above, %d tie", x.rank, x.pct, above, tie)
		}
	}
}
