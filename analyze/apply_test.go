package analyze

import (
	"fmt"
	"strings"
	"testing"

	"revokes/pbn"
	"revokes/pbn/pbnfile"
)

// TestDecideApplied is laws.md A24 row by row: a decision for the id
// first, then establishment, then the assessment under the mode.
func TestDecideApplied(t *testing.T) {
	type row struct {
		est    bool
		as     Assessment
		flags  []string
		id     string
		mode   Apply
		wantOK bool
		why    string
		moved  int // AppliedTransfer of a revoke whose law transfers 1
	}
	dec := map[string]Decision{
		"apply": {Kind: DecideApply, Text: "apply"},
		"none":  {Kind: DecideNoRevoke, Text: "no-revoke"},
		"three": {Kind: DecideTricks, Tricks: 3, Text: "3"},
		"zero":  {Kind: DecideTricks, Tricks: 0, Text: "0"},
	}
	for i, c := range []row{
		{est: true, as: Plausible, wantOK: true, moved: 1},
		{est: true, as: Suspect, why: NotAppliedSuspect},
		{est: true, as: Undetermined, why: NotAppliedUndetermined},
		{est: true, as: Suspect, mode: ApplyAll, wantOK: true, moved: 1},
		{est: true, as: Undetermined, mode: ApplyAll, wantOK: true, moved: 1},
		{est: false, as: Plausible, why: NotAppliedNotEstablished},
		{est: false, as: Suspect, mode: ApplyAll, why: NotAppliedNotEstablished},
		// A trick-12 correction is the ruling of a revoke the laws never
		// establish (A5).
		{est: false, as: Plausible, flags: []string{FlagTrick12}, wantOK: true, moved: 1},
		// The director's decision overrides mode and assessment.
		{est: true, as: Plausible, id: "none", why: NotAppliedDecision},
		{est: true, as: Suspect, id: "apply", wantOK: true, moved: 1},
		{est: false, as: Undetermined, id: "apply", wantOK: true, moved: 1},
		{est: true, as: Suspect, id: "three", wantOK: true, moved: 3},
		{est: true, as: Plausible, id: "zero", wantOK: true, moved: 0},
		// An id without a decision goes by the mode.
		{est: true, as: Suspect, id: "other", why: NotAppliedSuspect},
	} {
		revs := []Revoke{{Established: c.est, Assessment: c.as, Flags: c.flags, ID: c.id, Transfer: 1}}
		decideApplied(revs, c.mode, dec)
		r := &revs[0]
		if r.Applied != c.wantOK || r.NotApplied != c.why || r.AppliedTransfer() != c.moved {
			t.Errorf("case %d: applied %v %q, moved %d; want %v %q, %d", i, r.Applied, r.NotApplied, r.AppliedTransfer(), c.wantOK, c.why, c.moved)
		}
		if d, ok := dec[c.id]; ok != (r.Decision != nil) || ok && *r.Decision != d {
			t.Errorf("case %d: decision %v, want %v", i, r.Decision, d)
		}
	}
}

// TestAppliedBoard checks a whole board: the adjusted tricks and score
// follow the applied revokes only (laws.md A24), under the mode and the
// decisions.
func TestAppliedBoard(t *testing.T) {
	full := example.build(t) // a plausible 2017 64A2 revoke: 5 → 6 tricks
	cut := example
	cut.rows = append(append([]string{}, example.rows[:3]...), "*")
	cut.claim = 5 // E never plays H4 after D4 in the last trick held: suspect (rank-typo)
	id := func(b *pbn.Board) string {
		a, _ := New(Options{Edition: "2017"})
		return a.Board(b).Revokes[0].ID
	}
	for _, c := range []struct {
		name    string
		b       *pbn.Board
		mode    Apply
		dec     *Decision
		applied bool
		why     string
		adj     int
	}{
		{"plausible", full, ApplyPlausible, nil, true, "", 6},
		{"plausible, no-revoke", full, ApplyPlausible, &Decision{Kind: DecideNoRevoke, Text: "no-revoke"}, false, NotAppliedDecision, 5},
		{"plausible, 2 tricks", full, ApplyPlausible, &Decision{Kind: DecideTricks, Tricks: 2, Text: "2"}, true, "", 7},
		{"suspect", cut.build(t), ApplyPlausible, nil, false, NotAppliedSuspect, 5},
		{"suspect, all", cut.build(t), ApplyAll, nil, true, "", 6},
		{"suspect, apply", cut.build(t), ApplyPlausible, &Decision{Kind: DecideApply, Text: "apply"}, true, "", 6},
	} {
		opt := Options{Edition: "2017", Apply: c.mode}
		if c.dec != nil {
			opt.Decisions = map[string]Decision{id(c.b): *c.dec}
		}
		a, _ := New(opt)
		f := a.Board(c.b)
		r := &f.Revokes[0]
		if r.Applied != c.applied || r.NotApplied != c.why || f.TricksAdjusted != c.adj || r.Transfer != 1 {
			t.Errorf("%s: applied %v %q, transfer %d, tricks %d→%d; want %v %q, 1, →%d",
				c.name, r.Applied, r.NotApplied, r.Transfer, f.TricksRecorded, f.TricksAdjusted, c.applied, c.why, c.adj)
		}
		if want := Score(f.Edition.Scoring, f.Board.Contract, false, c.adj); f.ScoreAdjusted != want {
			t.Errorf("%s: score adjusted %d, want %d", c.name, f.ScoreAdjusted, want)
		}
		if moved := f.TransferredApplied(); moved != c.adj-f.TricksRecorded || f.Transferred() != 1 {
			t.Errorf("%s: transferred %d applied of %d, want %d", c.name, moved, f.Transferred(), c.adj-f.TricksRecorded)
		}
		if n := f.Applied(); n != map[bool]int{true: 1}[c.applied] {
			t.Errorf("%s: Applied() = %d", c.name, n)
		}
	}
}

// TestRevokeID checks the ids (output.md `id`): fixed length, a letter
// first; the same for a copy of the record under another file, game and
// line; different for another record content or another revoke.
func TestRevokeID(t *testing.T) {
	ids := func(edit func(b *pbn.Board)) []string {
		t.Helper()
		b := example.build(t)
		edit(b)
		a, _ := New(Options{Edition: "2017"})
		f := a.Board(b)
		var out []string
		for _, r := range f.Revokes {
			out = append(out, r.ID)
		}
		return out
	}
	base := ids(func(*pbn.Board) {})
	if len(base) != 1 {
		t.Fatalf("ids %v: want one", base)
	}
	// Another trick or offender on the same record: another id.
	h := []byte("record")
	seen := map[string]bool{}
	for _, k := range []struct {
		t int
		o pbn.Seat
	}{{3, pbn.East}, {3, pbn.West}, {4, pbn.East}, {12, pbn.North}} {
		id := revokeID(h, k.t, k.o)
		if seen[id] {
			t.Errorf("trick %d %s: id %s given twice", k.t, k.o, id)
		}
		seen[id] = true
		base = append(base, id)
	}
	for _, id := range base {
		if len(id) != IDLen || id[0] < 'a' || id[0] > 'z' || strings.Trim(id, idAlphabet) != "" {
			t.Errorf("id %q: want %d characters of %q, a letter first", id, IDLen, idAlphabet)
		}
	}
	for _, c := range []struct {
		name string
		edit func(b *pbn.Board)
		same bool
	}{
		{"another file, game and line", func(b *pbn.Board) { b.File, b.Index, b.Line = "copy/other.pbn", 7, 300 }, true},
		{"a Result and a Score", func(b *pbn.Board) {
			b.Result, b.HasResult = 9, true
			b.Tags = append(b.Tags, pbn.Tag{Name: "Score", Value: "NS 140"})
		}, true},
		{"another event", func(b *pbn.Board) { b.Tags = append(b.Tags, pbn.Tag{Name: "Event", Value: "Club"}) }, false},
		{"another player", func(b *pbn.Board) { b.Players[pbn.North] = "Jansen" }, false},
		{"another auction", func(b *pbn.Board) { b.Auction = []pbn.Call{{Text: "1H"}, {Text: "Pass"}} }, false},
		{"a hand not given", func(b *pbn.Board) { b.Given[pbn.West] = false }, false},
		{"another last card", func(b *pbn.Board) {
			n := len(b.Play)
			b.Play[n-1].Card, b.Play[n-2].Card = b.Play[n-2].Card, b.Play[n-1].Card
		}, false},
	} {
		got := ids(c.edit)
		if len(got) != 1 {
			t.Errorf("%s: %d revokes", c.name, len(got))
			continue
		}
		if same := got[0] == base[0]; same != c.same {
			t.Errorf("%s: ids %v, base %v: same %v, want %v", c.name, got, base, same, c.same)
		}
	}
}

// TestLostCardsNoClaim is laws.md A19 on the record of issue 23: trick 1
// "C2 C4 - H2" (S leads, N's card unknown, E declarer fails to follow)
// and a claim mark or a Result above the tricks played. The record lost
// cards and shows no claim: E's revoke is not established, transfers
// nothing, and 3NT= (+600) stays under every mode. A dash that only pads
// the end of the trick is still a claim mark: there N's revoke is
// established by the claim, and -apply all gives declarer its trick.
func TestLostCardsNoClaim(t *testing.T) {
	const head = `[Event "A19"]
[Date "2019.07.16"]
[Vulnerable "EW"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T98.JT92.JT9.JT9 765.876.876.8762 432.543.5432.543"]
[Declarer "E"]
[Contract "3NT"]
[Result "9"]
[Play "S"]
`
	for _, c := range []struct {
		name, play string
		claim      bool
		by         string
		transfer   int
		lost       bool // the reason says the record lost cards
		allAdj     int  // declarer's tricks and score under -apply all
		allScore   int
	}{
		{"claim mark", "C2 C4 - H2\n*\n", false, ByNone, 0, true, 9, 600},
		{"Result above the play", "C2 C4 - H2\n", false, ByNone, 0, true, 9, 600},
		{"second card unknown", "C2 - CA H2\n*\n", false, ByNone, 0, true, 9, 600},
		{"padding", "C2 C4 SJ -\n*\n", true, ByClaim, 1, false, 10, 630},
	} {
		for _, mode := range []Apply{ApplyPlausible, ApplyAll} {
			r := pbnfile.NewReader(strings.NewReader(head + c.play))
			b, err := r.Read()
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			a, _ := New(Options{Edition: "auto", Apply: mode})
			f := a.Board(b)
			if len(f.Revokes) != 1 {
				t.Fatalf("%s: %d revokes", c.name, len(f.Revokes))
			}
			rv := &f.Revokes[0]
			lost := strings.Contains(rv.Reason.Format, "lost cards")
			if f.Claim != c.claim || rv.EstablishedBy != c.by || rv.Established != (c.by != ByNone) ||
				rv.Transfer != c.transfer || lost != c.lost || rv.Assessment != Undetermined || rv.Evidence != EvLastRecordedTrick {
				t.Errorf("%s: claim %v, established %v by %s, transfer %d, %s %v, reason %q",
					c.name, f.Claim, rv.Established, rv.EstablishedBy, rv.Transfer, rv.Assessment, rv.Evidence.Codes(), rv.Reason.Format)
			}
			adj, score := 9, 600
			if mode == ApplyAll {
				adj, score = c.allAdj, c.allScore
			}
			if f.TricksRecorded != 9 || f.TricksAdjusted != adj || f.ScoreRecorded != 600 || f.ScoreAdjusted != score {
				t.Errorf("%s, -apply %s: tricks %d→%d, score %d→%d; want 9→%d, 600→%d",
					c.name, mode, f.TricksRecorded, f.TricksAdjusted, f.ScoreRecorded, f.ScoreAdjusted, adj, score)
			}
		}
	}
}

// TestResultIncludesTransfer is laws.md A24's last rule: a Result that
// already holds the transfer of the applied revokes (a director's ruling
// entered in the archive, or a corrected copy's RevokeRuling tags,
// rescoring.md §10) flags those rows and applies nothing twice.
func TestResultIncludesTransfer(t *testing.T) {
	// The example deal (1H by S; E's D4 in trick 3, 2017 64A2: one trick
	// to NS); the play gives declarer 5 tricks.
	const deal = `[Event "A24"]
[Date "2019.02.18"]
[Deal "E:J73.8543.A954.92 AKT9852.A.JT82.A 64.KJ9.KQ6.T7543 Q.QT762.73.KQJ86"]
[Declarer "S"]
[Contract "1H"]
`
	const whole = `[Play "W"]
HJ HQ H3 HA
S6 SQ S3 ST
H9 H2 D4 CA
DK D7 DA D8
DQ D3 D5 DJ
C7 C6 C2 S8
C3 C8 C9 SA
HK HT H5 DT
C4 CK S7 SK
CT CJ H4 S9
S4 H6 SJ S5
C5 CQ D9 D2
D6 H7 H8 S2
`
	// Five tricks played (declarer 2), then a claim.
	const claim = `[Play "W"]
HJ HQ H3 HA
S6 SQ S3 ST
H9 H2 D4 CA
DK D7 DA D8
DQ D3 D5 DJ
*
`
	read := func(t *testing.T, text string) *pbn.Board {
		t.Helper()
		b, err := pbnfile.NewReader(strings.NewReader(text)).Read()
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	idOf := func(play string) string {
		a, _ := New(Options{Edition: "2017"})
		return a.Board(read(t, deal+play)).Revokes[0].ID
	}
	theID, claimID := idOf(whole), idOf(claim)
	if theID == claimID {
		t.Fatalf("one id %s for two plays", theID)
	}
	tag := func(id string, n int) string {
		return fmt.Sprintf("[RevokeRuling \"%s 2017 64A2 %d\"]\n", id, n)
	}
	for _, c := range []struct {
		name      string
		text      string
		dec       *Decision
		in        bool // already-in-result, flagged
		rec, adj  int
		mismatch  bool // a result-mismatch warning
		transfer  int  // the law's, the same either way
		decisionK DecisionKind
	}{
		{"Result is the play's", deal + `[Result "5"]` + "\n" + whole, nil, false, 5, 6, false, 1, 0},
		{"Result holds the transfer", deal + `[Result "6"]` + "\n" + whole, nil, true, 6, 6, false, 1, 0},
		{"Result neither", deal + `[Result "7"]` + "\n" + whole, nil, false, 5, 6, true, 1, 0},
		{"a decision to apply, already in the Result", deal + `[Result "6"]` + "\n" + whole, &Decision{Kind: DecideApply, Text: "apply"}, true, 6, 6, false, 1, DecideApply},
		{"a director's 2 tricks in the Result", deal + `[Result "7"]` + "\n" + whole, &Decision{Kind: DecideTricks, Tricks: 2, Text: "2"}, true, 7, 7, false, 1, DecideTricks},
		{"a director's 2 tricks, the Result the play's", deal + `[Result "5"]` + "\n" + whole, &Decision{Kind: DecideTricks, Tricks: 2, Text: "2"}, false, 5, 7, false, 1, DecideTricks},
		// A corrected copy: its tags say what the Result holds.
		{"tag, whole play", deal + `[Result "7"]` + "\n" + tag(theID, 2) + whole, nil, true, 7, 7, false, 1, 0},
		{"tag, whole play, Result the play's", deal + `[Result "5"]` + "\n" + tag(theID, 1) + whole, nil, false, 5, 6, false, 1, 0},
		{"claim", deal + `[Result "6"]` + "\n" + claim, nil, false, 6, 7, false, 1, 0},
		{"claim, tag", deal + `[Result "7"]` + "\n" + tag(claimID, 1) + claim, nil, true, 7, 7, false, 1, 0},
		{"claim, tag of another revoke", deal + `[Result "7"]` + "\n" + tag("aaaaaaaaaaaa", 1) + claim, nil, false, 7, 8, false, 1, 0},
		{"claim, tag not a number", deal + `[Result "7"]` + "\n" + `[RevokeRuling "` + claimID + ` 2017 64A2 one"]` + "\n" + claim, nil, false, 7, 8, false, 1, 0},
	} {
		b := read(t, c.text)
		opt := Options{Edition: "2017", Apply: ApplyAll}
		if c.dec != nil {
			opt.Decisions = map[string]Decision{theID: *c.dec, claimID: *c.dec}
		}
		a, _ := New(opt)
		f := a.Board(b)
		if len(f.Revokes) != 1 {
			t.Fatalf("%s: %d revokes", c.name, len(f.Revokes))
		}
		rv := &f.Revokes[0]
		why := ""
		if c.in {
			why = NotAppliedInResult
		}
		if rv.ID != theID && rv.ID != claimID || rv.Applied == c.in || rv.NotApplied != why || rv.Has(FlagResultIncludesTransfer) != c.in || rv.Transfer != c.transfer {
			t.Errorf("%s: id %s, applied %v %q, flags %v, transfer %d", c.name, rv.ID, rv.Applied, rv.NotApplied, rv.Flags, rv.Transfer)
		}
		if f.TricksRecorded != c.rec || f.TricksAdjusted != c.adj {
			t.Errorf("%s: tricks %d→%d, want %d→%d", c.name, f.TricksRecorded, f.TricksAdjusted, c.rec, c.adj)
		}
		if got := hasCode(f.Problems, codeResult); got != c.mismatch {
			t.Errorf("%s: result-mismatch %v, problems %v", c.name, got, f.Problems)
		}
		if (rv.Decision != nil) != (c.decisionK != 0) || rv.Decision != nil && rv.Decision.Kind != c.decisionK {
			t.Errorf("%s: decision %v", c.name, rv.Decision)
		}
	}
}
