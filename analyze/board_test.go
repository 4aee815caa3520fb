package analyze

import (
	"strings"
	"testing"

	"revokes/pbn"
)

// deal parses a PBN Deal value ("N:AKQ.xx.. ...") for tests.
func deal(t testing.TB, s string) (d pbn.Deal) {
	t.Helper()
	first, ok := pbn.ParseSeat(s[0])
	if !ok || s[1] != ':' {
		t.Fatalf("bad deal %q", s)
	}
	for i, hs := range strings.Fields(s[2:]) {
		seat := (first + pbn.Seat(i)) & 3
		for su, ranks := range strings.Split(hs, ".") {
			for j := 0; j < len(ranks); j++ {
				r, ok := pbn.ParseRank(ranks[j])
				if !ok {
					t.Fatalf("bad rank in %q", hs)
				}
				d[seat] = d[seat].With(pbn.NewCard(pbn.Suit(su), r))
			}
		}
	}
	return d
}

// testBoard builds a board from a deal, a contract, declarer and PBN-style
// play rows: each row one trick in fixed seat columns starting with the
// opening leader (declarer's LHO). "*" as the last row is a claim; claim
// gives declarer's total then.
type testBoard struct {
	deal, contract, date string
	declarer             pbn.Seat
	vul                  pbn.Vulnerability
	rows                 []string
	claim                int // declarer's total after a "*"; -1 unknown
}

func (tb testBoard) build(t testing.TB) *pbn.Board {
	t.Helper()
	c, ok := pbn.ParseContract(tb.contract)
	if !ok {
		t.Fatalf("bad contract %q", tb.contract)
	}
	b := &pbn.Board{File: "test.pbn", Index: 1, Line: 1, Contract: c, HasContract: true,
		Declarer: tb.declarer, HasDeclarer: true, Vul: tb.vul, Deal: deal(t, tb.deal),
		Given: [4]bool{true, true, true, true}, ClaimTricks: -1,
		Tags: []pbn.Tag{{Name: "Date", Value: tb.date}, {Name: "Vulnerable", Value: tb.vul.String()}}}
	first := tb.declarer.Next()
	leader := first
	for _, row := range tb.rows {
		if row == "*" {
			b.Claim = true
			b.ClaimTricks = tb.claim
			break
		}
		f := strings.Fields(row)
		var cards [4]pbn.Card
		for i, cs := range f {
			mark := byte(0)
			if strings.HasPrefix(cs, "^R") {
				mark, cs = 'R', cs[2:]
			}
			cd, ok := pbn.ParseCard(cs)
			if !ok {
				t.Fatalf("bad card %q", cs)
			}
			cards[(first+pbn.Seat(i))&3] = cd
			_ = mark
		}
		var order [4]pbn.Card
		for k := 0; k < 4; k++ {
			s := (leader + pbn.Seat(k)) & 3
			order[k] = cards[s]
			mark := byte(0)
			if strings.HasPrefix(f[(s-first)&3], "^R") {
				mark = 'R'
			}
			b.Play = append(b.Play, pbn.Play{Seat: s, Card: cards[s], Mark: mark})
		}
		leader = (leader + pbn.Seat(pbn.TrickWinner(order, c.Strain))) & 3
	}
	return b
}

// The worked example of output.md (spec/examples): East revokes at trick 3.
var example = testBoard{
	deal:     "E:J73.8543.A954.92 AKT9852.A.JT82.A 64.KJ9.KQ6.T7543 Q.QT762.73.KQJ86",
	contract: "1H", declarer: pbn.South, date: "1986.02.18",
	rows: []string{
		"HJ HQ H3 HA", "S6 SQ S3 ST", "H9 H2 D4 CA", "DK D7 DA D8", "DQ D3 D5 DJ",
		"C7 C6 C2 S8", "C3 C8 C9 SA", "HK HT H5 DT", "C4 CK S7 SK", "CT CJ H4 S9",
		"S4 H6 SJ S5", "C5 CQ D9 D2", "D6 H7 H8 S2",
	},
}

func TestEditionsExample(t *testing.T) {
	want := []struct {
		ed, rule string
		transfer int
		adjusted int
		scoreAdj int
		flags    string
	}{
		{"1936", "1936 §27.4", 2, 7, 30, ""},
		{"1963", "1963 art. 64", 2, 7, 80, ""},
		{"1975", "1975 art. 64", 2, 7, 80, "unverified-rule"},
		{"1987", "1987 64A2", 1, 6, -50, "unverified-rule"},
		{"1997", "1997 64A2", 2, 7, 80, ""},
		{"2007", "2007 64A2", 1, 6, -50, ""},
		{"2017", "2017 64A2", 1, 6, -50, ""},
	}
	for _, w := range want {
		a, err := New(Options{Edition: w.ed})
		if err != nil {
			t.Fatal(err)
		}
		f := a.Board(example.build(t))
		if !f.Analysed || len(f.Revokes) != 1 {
			t.Fatalf("%s: analysed=%v revokes=%d problems=%v", w.ed, f.Analysed, len(f.Revokes), f.Problems)
		}
		r := f.Revokes[0]
		got := []any{r.Offender, r.Role, r.Trick, r.Led, r.Card.String(), r.Held.String(), r.WonBy, r.Established, r.EstablishedBy}
		exp := []any{pbn.East, Defender, 3, pbn.Hearts, "D4", "..854.", pbn.West, true, ByNextTrick}
		_ = exp
		if r.Offender != pbn.East || r.Role != Defender || r.Trick != 3 || r.Led != pbn.Hearts ||
			r.Card.String() != "D4" || r.Held.String() != ".854.." || r.WonBy != pbn.West ||
			!r.Established || r.EstablishedBy != ByNextTrick {
			t.Errorf("%s: revoke facts %v", w.ed, got)
		}
		if r.Rule != w.rule || r.Transfer != w.transfer || strings.Join(r.Flags, " ") != w.flags {
			t.Errorf("%s: rule %q transfer %d flags %v; want %q %d %q", w.ed, r.Rule, r.Transfer, r.Flags, w.rule, w.transfer, w.flags)
		}
		if f.TricksRecorded != 5 || f.TricksAdjusted != w.adjusted || f.ScoreRecorded != -100 || f.ScoreAdjusted != w.scoreAdj {
			t.Errorf("%s: tricks %d→%d score %d→%d; want 5→%d -100→%d", w.ed, f.TricksRecorded, f.TricksAdjusted,
				f.ScoreRecorded, f.ScoreAdjusted, w.adjusted, w.scoreAdj)
		}
	}
}
