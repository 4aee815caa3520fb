package analyze

import (
	"strings"
	"testing"

	"revokes/pbn"
)

// c5 is laws.md C5 in full: 3NT by South; at trick 12 North leads the HA
// and East discards the C2 while holding the HK; East wins trick 13 with
// that king. Played out NS take 10 tricks; corrected, 11.
var c5 = testBoard{
	deal:     "N:83.AQJ64.JT9.AKQ J96.K97.876.5432 AKT4.T32.AKQ.JT9 Q752.85.5432.876",
	contract: "3NT", declarer: pbn.South, date: "2020.01.01",
	rows: []string{
		"C6 CA C3 C9", "C7 CK C4 CT", "C8 CQ C5 CJ", "D3 DJ D6 DA", "D4 DT D7 DK",
		"D5 D9 D8 DQ", "S2 S3 S6 SA", "S7 S8 S9 SK", "H8 H4 H9 H2", "SQ H6 SJ ST",
		"H5 HQ H7 HT", "S5 HA C2 H3", "D2 HJ HK S4",
	},
}

// TestTrick12 is C5 under every edition and every attention moment
// (laws.md A5, A9, A10): corrected at the end of play; too late to correct
// once the hands are back in the board (1987/1997 transfer, 2007/2017
// 64B6, earlier editions the result stands); after the round 64B5 from
// 1987 on.
func TestTrick12(t *testing.T) {
	cases := []struct {
		ed          string
		att         Attention
		established bool
		rule        string
		transfer    int
		flags       string
		adjusted    int
		score       int
		reason      string // the English reason, its start
	}{
		{"1936", EndOfPlay, false, "1936 §27.2", 0, "trick12-corrected", 11, 160, "revoke at trick 12, corrected"},
		{"1963", EndOfPlay, false, "1963 art. 62", 0, "trick12-corrected", 11, 460, "revoke at trick 12, corrected"},
		{"1975", EndOfPlay, false, "1975 art. 62", 0, "trick12-corrected", 11, 460, "revoke at trick 12, corrected"},
		{"1987", EndOfPlay, true, "1987 62D", 0, "trick12-corrected", 11, 460, "revoke at trick 12, corrected"},
		{"1997", EndOfPlay, true, "1997 62D", 0, "trick12-corrected", 11, 460, "revoke at trick 12, corrected"},
		{"2007", EndOfPlay, true, "2007 62D", 0, "trick12-corrected", 11, 460, "revoke at trick 12, corrected"},
		{"2017", EndOfPlay, true, "2017 62D", 0, "trick12-corrected", 11, 460, "revoke at trick 12, corrected"},

		{"1936", HandsReturned, false, "1936 §27.2", 0, "", 10, 130, "revoke at trick 12, noticed too late"},
		{"1963", HandsReturned, false, "1963 art. 62", 0, "", 10, 430, "revoke at trick 12, noticed too late"},
		{"1975", HandsReturned, false, "1975 art. 62", 0, "", 10, 430, "revoke at trick 12, noticed too late"},
		{"1987", HandsReturned, true, "1987 64A2", 1, "", 11, 460, "the offender did not win the revoke trick: one trick"},
		// 1997: East later won trick 13 with the HK he withheld, but his
		// side won only that one trick from trick 12 on (A13).
		{"1997", HandsReturned, true, "1997 64A2", 1, "", 11, 460, "the offender did not win the revoke trick but later won trick 13"},
		{"2007", HandsReturned, true, "2007 64B6", 0, "equity-review", 10, 430, "revoke at trick 12, noticed after the hands"},
		{"2017", HandsReturned, true, "2017 64B6", 0, "equity-review", 10, 430, "revoke at trick 12, noticed after the hands"},

		{"1936", AfterRound, false, "1936 §27.2", 0, "", 10, 130, "revoke at trick 12, noticed too late"},
		{"1963", AfterRound, false, "1963 art. 62", 0, "", 10, 430, "revoke at trick 12, noticed too late"},
		{"1975", AfterRound, false, "1975 art. 62", 0, "", 10, 430, "revoke at trick 12, noticed too late"},
		{"1987", AfterRound, true, "1987 64B5", 0, "equity-review", 10, 430, "attention was drawn after the round"},
		{"1997", AfterRound, true, "1997 64B5", 0, "equity-review", 10, 430, "attention was drawn after the round"},
		{"2007", AfterRound, true, "2007 64B5", 0, "equity-review", 10, 430, "attention was drawn after the round"},
		{"2017", AfterRound, true, "2017 64B5", 0, "equity-review", 10, 430, "attention was drawn after the round"},
	}
	for _, c := range cases {
		a, _ := New(Options{Edition: c.ed, Attention: c.att})
		f := a.Board(c5.build(t))
		if !f.Analysed || len(f.Revokes) != 1 {
			t.Fatalf("%s/%v: analysed=%v revokes=%+v problems=%v", c.ed, c.att, f.Analysed, f.Revokes, f.Problems)
		}
		r := f.Revokes[0]
		if r.Trick != 12 || r.Offender != pbn.East || r.WonBy != pbn.North {
			t.Fatalf("%s: revoke %+v", c.ed, r)
		}
		if r.Established != c.established || r.Rule != c.rule || r.Transfer != c.transfer || flagsOf(r) != c.flags {
			t.Errorf("%s/%v: established=%v rule=%q transfer=%d flags=%v", c.ed, c.att, r.Established, r.Rule, r.Transfer, r.Flags)
		}
		if !strings.HasPrefix(r.Reason.String(), c.reason) {
			t.Errorf("%s/%v: reason %q, want %q…", c.ed, c.att, r.Reason, c.reason)
		}
		if f.TricksRecorded != 10 || f.TricksAdjusted != c.adjusted || f.ScoreAdjusted != c.score {
			t.Errorf("%s/%v: tricks %d→%d score %d→%d, want 10→%d →%d", c.ed, c.att, f.TricksRecorded,
				f.TricksAdjusted, f.ScoreRecorded, f.ScoreAdjusted, c.adjusted, c.score)
		}
	}
}

// flagsOf returns a revoke's flags without unverified-rule, which the
// edition adds to every row.
func flagsOf(r Revoke) string {
	var f []string
	for _, x := range r.Flags {
		if x != FlagUnverified {
			f = append(f, x)
		}
	}
	return strings.Join(f, " ")
}

// partner12 is a board where the offender's partner's card after a
// trick-12 revoke decides both last tricks (laws.md A5): 4NT by South;
// North wins tricks 1-11; at trick 12 North leads the SQ, East discards the
// C2 holding the S3, South follows, and West (East's partner) plays the SK
// though he also holds the S2; EW win both last tricks (NS 11).
var partner12 = testBoard{
	deal:     "N:AQ8.AT62.AT6.AT6 J73.K95.K95.K952 T64.Q84.Q842.Q84 K952.J73.J73.J73",
	contract: "4NT", declarer: pbn.South, date: "2020.01.01",
	rows: []string{
		"S9 SA SJ ST", "S5 S8 S7 S6",
		"HJ HA HK HQ", "H7 HT H9 H8", "H3 H6 H5 H4",
		"DJ DA DK DQ", "D7 DT D9 D8", "D3 D6 D5 D4",
		"CJ CA CK CQ", "C7 CT C9 C8", "C3 C6 C5 C4",
		"SK SQ C2 S4", "S2 H2 S3 D2",
	},
}

// TestTrick12Partner: the partner's SK stands in 1936 and from 1987 on
// (East's S3 under the SQ changes nothing: West's king still wins both
// tricks); in 1963 and 1975 the non-offending side makes West play the S2,
// and North's queen and heart take both.
func TestTrick12Partner(t *testing.T) {
	for _, c := range []struct {
		ed       string
		partner  Trick12Partner
		adjusted int
		score    int
	}{
		{"1936", PartnerStands, 11, 160},
		{"1963", PartnerDictated, 13, 520},
		{"1975", PartnerDictated, 13, 520},
		{"1987", PartnerStands, 11, 460},
		{"1997", PartnerStands, 11, 460},
		{"2007", PartnerStands, 11, 460},
		{"2017", PartnerStands, 11, 460},
	} {
		if got := EditionByName(c.ed).Trick12Partner; got != c.partner {
			t.Errorf("%s: Trick12Partner %d, want %d", c.ed, got, c.partner)
		}
		a, _ := New(Options{Edition: c.ed})
		f := a.Board(partner12.build(t))
		if !f.Analysed || len(f.Revokes) != 1 {
			t.Fatalf("%s: analysed=%v revokes=%+v problems=%v", c.ed, f.Analysed, f.Revokes, f.Problems)
		}
		r := f.Revokes[0]
		if r.Trick != 12 || r.Offender != pbn.East || r.WonBy != pbn.West || !r.Has(FlagTrick12) || r.Transfer != 0 {
			t.Errorf("%s: revoke %+v", c.ed, r)
		}
		if f.TricksRecorded != 11 || f.TricksAdjusted != c.adjusted || f.ScoreAdjusted != c.score {
			t.Errorf("%s: tricks %d→%d score %d→%d, want 11→%d →%d", c.ed, f.TricksRecorded,
				f.TricksAdjusted, f.ScoreRecorded, f.ScoreAdjusted, c.adjusted, c.score)
		}
	}
}
