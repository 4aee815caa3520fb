package report

import (
	"fmt"

	"revokes/analyze"
	"revokes/pbn"
)

// hostile is a player or event name that a spreadsheet would run.
const hostile = `=HYPERLINK("http://x","click")`

// card returns the card written like "D4".
func card(s string) pbn.Card {
	c, ok := pbn.ParseCard(s)
	if !ok {
		panic("bad card " + s)
	}
	return c
}

// hand returns the hand of the cards written like "H4 H5".
func hand(cards ...string) pbn.Hand {
	var h pbn.Hand
	for _, s := range cards {
		h = h.With(card(s))
	}
	return h
}

// sampleFindings returns a board like the worked example of the spec
// (1H by South, East revokes at trick 3), with a second revoke and a
// problem, and a board with hostile texts.
func sampleFindings() []*analyze.Findings {
	ed := analyze.EditionByName("2017")
	b1 := &pbn.Board{
		File: "editions.pbn", Index: 1, Line: 12, Format: pbn.FormatPBN,
		Tags: []pbn.Tag{
			{Name: "Event", Value: "Example: one revoke, seven editions"},
			{Name: "Site", Value: "Utrecht"}, {Name: "Date", Value: "2019.03.02"},
			{Name: "Board", Value: "30"}, {Name: "Vulnerable", Value: "None"},
		},
		Dealer: pbn.East, HasDealer: true, Vul: pbn.VulNone,
		Contract: pbn.Contract{Level: 1, Strain: pbn.Strain(pbn.Hearts)}, HasContract: true,
		Declarer: pbn.South, HasDeclarer: true,
	}
	f1 := &analyze.Findings{
		Board: b1, Edition: ed, Analysed: true, HasPlay: true,
		Revokes: []analyze.Revoke{{
			Offender: pbn.East, Role: analyze.Defender, Trick: 3, Led: pbn.Hearts,
			Card: card("D4"), Held: hand("H8", "H5", "H4"), WonBy: pbn.West,
			Established: true, EstablishedBy: analyze.ByNextTrick, Transfer: 1,
			Rule:   "2017 64A2",
			Reason: pbn.Msg("%v", "the offender did not win the revoke trick"),
			Flags:  []string{analyze.FlagEquityShort, analyze.FlagMarked},
			Equity: &analyze.Equity{WithRevoke: 5, WithoutRevoke: 7, Gain: 2},
			ID:     "kq3vbx7d2hma", Applied: true,
		}, {
			Offender: pbn.North, Role: analyze.Dummy, Trick: 11, Led: pbn.Clubs,
			Card: card("S2"), Held: hand("C3"), Open: true,
			EstablishedBy: analyze.ByNone, Transfer: 0, Rule: "2017 64B3",
			Reason:     pbn.Msg("%v", "a revoke by dummy is not penalised"),
			Flags:      []string{},
			Assessment: analyze.Suspect, Evidence: analyze.EvDummy | analyze.EvLastRecordedTrick,
			ID: "tmz6c4fpw2ra", NotApplied: analyze.NotAppliedNotEstablished,
		}},
		Problems: []pbn.Problem{{
			File: "editions.pbn", Game: 1, Line: 20, Column: 3, Code: "result-mismatch",
			Severity: pbn.Warning, Text: pbn.Msg("%v", "Result says 6, the play 5"),
		}},
		HasTricks: true, TricksRecorded: 5, TricksAdjusted: 6,
		HasScore: true, ScoreRecorded: -100, ScoreAdjusted: -50,
	}
	b2 := &pbn.Board{
		File: "+evil.pbn", Index: 2, Format: pbn.FormatPBN,
		Tags: []pbn.Tag{
			{Name: "Event", Value: hostile},
			{Name: "Site", Value: "-x"}, {Name: "Room", Value: "@a"},
			{Name: "Date", Value: "\tx\x01\x0b"}, {Name: "Board", Value: "\rB"},
		},
		Players: [4]string{"-n", "", "@s", ""},
	}
	f2 := &analyze.Findings{
		Board: b2, Edition: analyze.EditionByName("1963"), Analysed: true, HasPlay: true,
		Revokes: []analyze.Revoke{{
			Offender: pbn.South, Role: analyze.Declarer, Trick: 1, Led: pbn.Spades,
			Card: card("HT"), Held: hand("SA"), WonBy: pbn.South,
			Established: true, EstablishedBy: analyze.ByClaim, Transfer: 2,
			Rule: "1963 art. 64", Reason: pbn.Msg("%v", "+1 trick"),
			Assessment: analyze.Undetermined, Evidence: analyze.EvLastRecordedTrick,
			ID: "ab2c3d4e5f6g", NotApplied: analyze.NotAppliedDecision,
			Decision: &analyze.Decision{Kind: analyze.DecideNoRevoke, Text: "no-revoke"},
		}},
	}
	f3 := &analyze.Findings{ // no revoke: counted, not listed
		Board: &pbn.Board{File: "editions.pbn", Index: 3, Tags: []pbn.Tag{
			{Name: "Event", Value: "Example: one revoke, seven editions"}}},
		Edition: ed, Analysed: true, HasPlay: true,
	}
	f4 := &analyze.Findings{ // skipped
		Board: &pbn.Board{File: "editions.pbn", Index: 4}, Edition: ed,
		Problems: []pbn.Problem{{File: "editions.pbn", Game: 4, Line: 40, Code: "bad-deal",
			Severity: pbn.Error, Text: pbn.Msg("%v", "=1+1")}},
	}
	return []*analyze.Findings{f1, f2, f3, f4}
}

// sampleRun feeds the sample to w and closes it with the summary.
func sampleRun(w Writer) (*Summary, error) {
	s := &Summary{Files: 2, Edition: "auto", Attention: "end-of-play",
		Inputs: []string{"editions.pbn", "+evil.pbn"}, ElapsedMS: 1234}
	for _, f := range sampleFindings() {
		s.AddBoard(f)
		if err := w.Board(f); err != nil {
			return s, err
		}
	}
	p := pbn.Problem{File: "broken.zip", Code: "unreadable-file", Severity: pbn.Error,
		Text: pbn.Msg("%v", fmt.Errorf("zip: not a valid zip file"))}
	s.AddProblem(p)
	if err := w.Problem(p); err != nil {
		return s, err
	}
	return s, w.Close(s)
}
