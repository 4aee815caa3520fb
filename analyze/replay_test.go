package analyze

import (
	"testing"

	"revokes/pbn"
)

func analyze2017(t *testing.T, b *pbn.Board) *Findings {
	t.Helper()
	a, err := New(Options{Edition: "2017"})
	if err != nil {
		t.Fatal(err)
	}
	return a.Board(b)
}

func codes(f *Findings) map[string]pbn.Severity {
	m := map[string]pbn.Severity{}
	for _, p := range f.Problems {
		m[p.Code] = p.Severity
	}
	return m
}

func TestRecordStopsAfterRevoke(t *testing.T) {
	tb := example
	tb.rows = example.rows[:3]
	f := analyze2017(t, tb.build(t))
	if len(f.Revokes) != 1 {
		t.Fatalf("revokes %d", len(f.Revokes))
	}
	r := f.Revokes[0]
	if r.Established || r.EstablishedBy != ByNone || r.Transfer != 0 || r.Rule != "2017 63A" {
		t.Errorf("got established=%v by=%s transfer=%d rule=%s", r.Established, r.EstablishedBy, r.Transfer, r.Rule)
	}
	if codes(f)[codeIncomplete] != pbn.Warning {
		t.Errorf("want an incomplete-play warning, got %v", f.Problems)
	}
	if f.HasTricks || !f.Analysed {
		t.Errorf("HasTricks=%v Analysed=%v", f.HasTricks, f.Analysed)
	}
}

func TestClaimRightAfterRevoke(t *testing.T) {
	tb := example
	tb.rows = append(append([]string{}, example.rows[:3]...), "*")
	tb.claim = 5
	for _, ed := range []string{"1936", "1963", "2017"} {
		// The revoke is in the last trick the record holds
		// (undetermined): only -apply all applies it (laws.md A24).
		a, _ := New(Options{Edition: ed})
		if f := a.Board(tb.build(t)); f.Revokes[0].Applied || f.TricksAdjusted != 5 {
			t.Errorf("%s default: applied %v, tricks %d→%d", ed, f.Revokes[0].Applied, f.TricksRecorded, f.TricksAdjusted)
		}
		a, _ = New(Options{Edition: ed, Apply: ApplyAll})
		f := a.Board(tb.build(t))
		r := f.Revokes[0]
		if !r.Established || r.EstablishedBy != ByClaim {
			t.Errorf("%s: established=%v by=%s", ed, r.Established, r.EstablishedBy)
		}
		// EW won tricks 1..3? West won trick 3; the claim gives EW 8 of the
		// 10 tricks left, so the side has plenty from trick 3 on.
		if f.TricksRecorded != 5 || f.TricksAdjusted != 5+r.Transfer || r.Transfer == 0 {
			t.Errorf("%s: tricks %d→%d transfer %d", ed, f.TricksRecorded, f.TricksAdjusted, r.Transfer)
		}
	}
}

func TestMarkedRevoke(t *testing.T) {
	tb := example
	tb.rows = append([]string{}, example.rows...)
	tb.rows[2] = "H9 H2 ^RD4 CA"
	f := analyze2017(t, tb.build(t))
	if !f.Revokes[0].Has(FlagMarked) {
		t.Errorf("flags %v, want marked", f.Revokes[0].Flags)
	}
	tb.rows[2] = "H9 ^RH2 D4 CA"
	f = analyze2017(t, tb.build(t))
	if codes(f)[codeMarkNotRevoke] != pbn.Warning || f.Revokes[0].Has(FlagMarked) {
		t.Errorf("want a mark-not-revoke warning and no marked flag: %v %v", f.Problems, f.Revokes[0].Flags)
	}
}

func TestDataProblems(t *testing.T) {
	// A card played that the seat never held is a data problem, never a revoke.
	tb := example
	tb.rows = append([]string{}, example.rows...)
	tb.rows[0] = "HJ HQ H3 HK"
	f := analyze2017(t, tb.build(t))
	if f.Analysed || codes(f)[codeCardNotHeld] != pbn.Error || len(f.Revokes) != 0 {
		t.Errorf("card not held: analysed=%v problems=%v revokes=%d", f.Analysed, f.Problems, len(f.Revokes))
	}
	// A card in two hands.
	b := example.build(t)
	b.Deal[pbn.North] = b.Deal[pbn.North].With(pbn.NewCard(pbn.Spades, pbn.Ace))
	f = analyze2017(t, b)
	if f.Analysed || codes(f)[codeBadDeal] != pbn.Error {
		t.Errorf("bad deal: %v", f.Problems)
	}
	// A hand of 12 cards.
	b = example.build(t)
	b.Deal[pbn.South] = b.Deal[pbn.South].Without(pbn.NewCard(pbn.Clubs, pbn.Ace))
	f = analyze2017(t, b)
	if f.Analysed || codes(f)[codeBadDeal] != pbn.Error {
		t.Errorf("short hand: %v", f.Problems)
	}
	// Play without a contract.
	b = example.build(t)
	b.HasContract = false
	f = analyze2017(t, b)
	if f.Analysed || codes(f)[codeBadContract] != pbn.Error {
		t.Errorf("no contract: %v", f.Problems)
	}
	// Play without a contract whose Contract tag could not be read: one
	// problem, the reader's, made an error (laws.md A17).
	b = example.build(t)
	b.HasContract = false
	b.Problems = []pbn.Problem{{Code: codeBadContract, Severity: pbn.Warning, Text: pbn.Msg("bad contract %q", "1SHNT")}}
	f = analyze2017(t, b)
	if f.Analysed || len(f.Problems) != 1 || f.Problems[0].Severity != pbn.Error || f.Problems[0].Text.Args[0] != "1SHNT" {
		t.Errorf("bad contract: %v", f.Problems)
	}
	// Play without a deal: skipped with one error, still a board with
	// play; the reader's no-deal warning, when there is one, becomes it.
	for _, reader := range []bool{false, true} {
		b = example.build(t)
		b.Given, b.Deal = [4]bool{}, pbn.Deal{}
		if reader {
			b.Problems = []pbn.Problem{{Code: codeNoDeal, Severity: pbn.Warning, Text: pbn.Msg("the board has no md (deal)")}}
		}
		f = analyze2017(t, b)
		errs := 0
		for _, p := range f.Problems {
			if p.Severity == pbn.Error {
				errs++
			}
		}
		if f.Analysed || !f.HasPlay || errs != 1 || codes(f)[codeNoDeal] != pbn.Error {
			t.Errorf("no deal (reader's warning %v): analysed %v, with play %v, problems %v", reader, f.Analysed, f.HasPlay, f.Problems)
		}
	}
	// A Result with "^" is the recorded result, never a mismatch (A17).
	b = example.build(t)
	b.Result, b.HasResult, b.ResultMarked = 13, true, true
	f = analyze2017(t, b)
	if !f.Analysed || len(f.Problems) != 0 || f.TricksRecorded != 5 {
		t.Errorf("marked result: %v recorded %d", f.Problems, f.TricksRecorded)
	}
	// Result disagreeing with the play.
	b = example.build(t)
	b.Result, b.HasResult = 7, true
	f = analyze2017(t, b)
	if !f.Analysed || codes(f)[codeResult] != pbn.Warning || f.TricksRecorded != 5 {
		t.Errorf("result mismatch: %v recorded %d", f.Problems, f.TricksRecorded)
	}
}

func TestHiddenHands(t *testing.T) {
	// One hand hidden: the complement of the other three.
	b := example.build(t)
	b.Given[pbn.East], b.Deal[pbn.East] = false, 0
	f := analyze2017(t, b)
	if !f.Analysed || len(f.Revokes) != 1 || f.Revokes[0].Held.String() != ".854.." {
		t.Fatalf("one hidden: %v %+v", f.Problems, f.Revokes)
	}
	// Two hands hidden: rebuilt from the cards they played; the revoke is
	// still found because East later plays his hearts.
	b = example.build(t)
	b.Given[pbn.East], b.Deal[pbn.East] = false, 0
	b.Given[pbn.West], b.Deal[pbn.West] = false, 0
	f = analyze2017(t, b)
	if !f.Analysed || len(f.Revokes) != 1 || codes(f)[codeHiddenHand] != pbn.Warning {
		t.Fatalf("two hidden: %v %+v", f.Problems, f.Revokes)
	}
}

func TestNoDateWarning(t *testing.T) {
	tb := example
	tb.date = "2017.13.45"
	a, _ := New(Options{Edition: "auto"})
	f := a.Board(tb.build(t))
	if f.Edition.Name != "2017" || codes(f)[codeNoDate] != pbn.Warning {
		t.Errorf("edition %s problems %v", f.Edition.Name, f.Problems)
	}
	tb.date = "1986.02.18"
	f = a.Board(tb.build(t))
	if f.Edition.Name != "1975" || len(f.Problems) != 0 {
		t.Errorf("edition %s problems %v", f.Edition.Name, f.Problems)
	}
}

// TestCorrect12 is laws.md C5: North leads the HA at trick 12, East
// discards the C2 holding the HK; corrected, East must play the HK under
// the ace and North's HJ wins trick 13 too.
func TestCorrect12(t *testing.T) {
	var r replay
	r.trump = pbn.NoTrump
	c := func(s string) pbn.Card { x, _ := pbn.ParseCard(s); return x }
	h := func(cs ...string) (x pbn.Hand) {
		for _, s := range cs {
			x = x.With(c(s))
		}
		return x
	}
	tr := &r.tricks[11]
	r.deal = pbn.Deal{h("HA", "HJ"), h("HK", "C2"), h("H3", "S4"), h("S5", "D2")}
	tr.seats = [4]pbn.Seat{pbn.North, pbn.East, pbn.South, pbn.West}
	tr.cards = [4]pbn.Card{c("HA"), c("C2"), c("H3"), c("S5")}
	tr.n = 4
	fa := &fact{offender: pbn.East, trick: 12, pos: 1, led: pbn.Hearts, card: c("C2"), held: h("HK")}
	w12, w13, ok := r.correct12(fa, PartnerDictated)
	if !ok || w12 != pbn.North || w13 != pbn.North {
		t.Errorf("corrected winners %v %v ok=%v, want N N", w12, w13, ok)
	}
	// South (after the offender, non-offending side) may change his card:
	// with H3/S4 and the HK forced, either way North wins both.
	// A case where the later player's choice matters: West (the offender's
	// partner) must play the card worst for his side.
	r.deal = pbn.Deal{h("SA", "D3"), h("H5", "C2"), h("S3", "D4"), h("SK", "DA")}
	tr.cards = [4]pbn.Card{c("SA"), c("C2"), c("S3"), c("SK")}
	fa = &fact{offender: pbn.East, trick: 12, pos: 1, led: pbn.Spades, card: c("C2"), held: 0}
	// East has no spade: not a revoke; make him hold one instead.
	r.deal[pbn.East] = h("S2", "C2")
	fa.held = h("S2")
	w12, w13, ok = r.correct12(fa, PartnerDictated)
	// Trick 12: SA S2 S3 SK → North; trick 13: North leads D3, East C2,
	// South D4, West DA → West. NOS (NS) can't do better: 1 trick each.
	if !ok || w12 != pbn.North || w13 != pbn.West {
		t.Errorf("corrected winners %v %v ok=%v, want N W", w12, w13, ok)
	}
}
