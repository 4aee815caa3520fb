package analyze

import (
	"fmt"
	"strings"
	"testing"

	"revokes/pbn"
)

// rv is a revoke of a worked case: offender, trick, suit led, winner of
// the revoke trick, and (1997) the later trick the offender won with a
// card of the withheld suit.
type rv struct {
	off       pbn.Seat
	trick     int
	led       pbn.Suit
	wonBy     pbn.Seat
	laterWin  int
	notEst    bool
	claim     bool // established by the claim that ends the record
	corrected bool // a trick-12 revoke the replay corrected (laws.md A5)
}

// worked is one worked case of laws.md §6 at the level of the rules: the
// tricks EW won (the others are NS's; South declares unless said), the
// revokes, and per edition the transfers, the rules and flags expected.
type worked struct {
	name     string
	contract string
	vul      bool
	declarer pbn.Seat
	ew       []int // tricks won by EW
	claimed  int   // tricks from this one on are claimed, not played (0: none)
	revokes  []rv
	att      Attention
	want     map[string]want // by edition; "*" for every edition not listed
}

type want struct {
	transfers string // per revoke, e.g. "2" or "1 2"
	rules     string // per revoke, ";"-separated, without the edition
	flags     string // per revoke, ";"-separated, flags space-separated
	adjusted  int    // declarer's tricks after the transfers
	score     int    // declarer's adjusted score
}

func (w worked) run(t *testing.T, e *Edition) (*ruling, int) {
	c, ok := pbn.ParseContract(w.contract)
	if !ok {
		t.Fatalf("bad contract %q", w.contract)
	}
	_ = c
	decl := w.declarer
	g := &ruling{e: e, att: w.att}
	ew := map[int]bool{}
	for _, x := range w.ew {
		ew[x] = true
	}
	for i := 0; i < 13; i++ {
		seat := pbn.North
		if ew[i+1] {
			seat = pbn.East
		}
		g.slots[i] = slot{known: true, ns: !ew[i+1], played: w.claimed == 0 || i+1 < w.claimed, seat: seat}
	}
	for _, r := range w.revokes {
		role := Defender
		switch r.off {
		case decl:
			role = Declarer
		case decl.Partner():
			role = Dummy
		}
		x := Revoke{Offender: r.off, Role: role, Trick: r.trick, Led: r.led, WonBy: r.wonBy,
			Established: !r.notEst, EstablishedBy: ByNextTrick}
		if r.notEst {
			x.EstablishedBy = ByNone
		}
		if r.claim {
			x.EstablishedBy = ByClaim
		}
		if r.corrected {
			x.Flags = []string{FlagTrick12}
		}
		g.revs = append(g.revs, x)
		g.facts = append(g.facts, fact{offender: r.off, trick: r.trick, led: r.led, laterWin: r.laterWin})
	}
	delta := g.decide(decl)
	rec := 0
	for i := range g.slots {
		if g.slots[i].ns == decl.NS() {
			rec++
		}
	}
	return g, rec + delta
}

func TestWorkedCases(t *testing.T) {
	for _, w := range workedCases {
		for _, e := range Editions {
			exp, ok := w.want[e.Name]
			if !ok {
				exp, ok = w.want["*"]
			}
			if !ok {
				continue
			}
			t.Run(w.name+"/"+e.Name, func(t *testing.T) {
				g, adj := w.run(t, e)
				var tr, ru, fl []string
				for _, r := range g.revs {
					tr = append(tr, fmt.Sprint(r.Transfer))
					ru = append(ru, strings.TrimPrefix(r.Rule, e.Name+" "))
					var f []string
					for _, x := range r.Flags {
						if x != FlagUnverified {
							f = append(f, x)
						}
					}
					fl = append(fl, strings.Join(f, " "))
				}
				if got := strings.Join(tr, " "); got != exp.transfers {
					t.Errorf("transfers %q, want %q", got, exp.transfers)
				}
				if exp.rules != "" {
					if got := strings.Join(ru, ";"); got != exp.rules {
						t.Errorf("rules %q, want %q", got, exp.rules)
					}
				}
				if got := strings.Join(fl, ";"); got != exp.flags {
					t.Errorf("flags %q, want %q", got, exp.flags)
				}
				if adj != exp.adjusted {
					t.Errorf("adjusted tricks %d, want %d", adj, exp.adjusted)
				}
				c, _ := pbn.ParseContract(w.contract)
				if s := Score(e.Scoring, c, w.vul, adj); exp.score != 0 && s != exp.score {
					t.Errorf("score %d, want %d", s, exp.score)
				}
			})
		}
	}
}

// TestReasons: a row's reason states the transfer it actually got and why
// (laws.md A7, A4), per edition, on the worked cases.
func TestReasons(t *testing.T) {
	for _, c := range []struct {
		name, ed string
		reasons  []string // per revoke, in English
	}{
		{"C1", "1936", []string{"the side's first penalised revoke: two tricks are transferred, out of the 5 tricks it won from this revoke on"}},
		{"C1", "1963", []string{"the offending side won 5 tricks from the revoke trick on: two tricks are transferred"}},
		{"C2", "1997", []string{"the offender did not win the revoke trick but later won trick 11 with a card of the suit he withheld: two tricks are transferred"}},
		{"C2", "2007", []string{"the offender did not win the revoke trick: one trick is transferred"}},
		{"C3", "1936", []string{"the side's first penalised revoke: two tricks are due, but the side won only one trick from this revoke on: one trick is transferred"}},
		{"C3", "1975", []string{"the offending side won only one trick from the revoke trick on: one trick is transferred"}},
		{"C3", "2017", []string{"the offender won the revoke trick, but his side won no later trick: only the revoke trick is transferred"}},
		{"C4", "1936", []string{"the side's first penalised revoke: two tricks are due, but the side won no trick from this revoke on: no transfer"}},
		{"C6", "1963", []string{"the record ends with a claim, taken to establish the revoke; the offending side won 3 tricks from the revoke trick on: two tricks are transferred"}},
		{"C6", "1997", []string{"the offender won the revoke trick: that trick and one later trick of his side are transferred"}},
		{"C7", "1936", []string{
			"the side's first penalised revoke: two tricks are transferred, out of the 3 tricks it won from this revoke on",
			"a later penalised revoke of the side: one more trick is transferred, out of the tricks it won from its first penalised revoke (trick 3) on"}},
		{"C8", "1963", []string{
			"the offending side won 3 tricks from the revoke trick on: its rule alone gives 2 tricks, but a later revoke of the same side took its tricks first, leaving 1 for this one (allocation-cap: this order is this tool's reading, the laws are silent)",
			"the offending side won 3 tricks from the revoke trick on: two tricks are transferred"}},
		{"C8", "1997", []string{
			"the offender did not win the revoke trick but later won trick 12 with a card of the suit he withheld: its rule alone gives 2 tricks, but a later revoke of the same side took its tricks first, leaving 1 for this one (allocation-cap: this order is this tool's reading, the laws are silent)",
			"the offender won the revoke trick: that trick and one later trick of his side are transferred"}},
		{"C15", "1936", []string{
			"the side's first penalised revoke: its rule alone gives 2 tricks, but a later revoke of the same side took its tricks first, leaving 0 for this one (allocation-cap: this order is this tool's reading, the laws are silent)",
			"a later penalised revoke of the side: one more trick is transferred, out of the tricks it won from its first penalised revoke (trick 4) on",
			"a later penalised revoke of the side: one more trick is transferred, out of the tricks it won from its first penalised revoke (trick 4) on"}},
		{"A7 1936", "1936", []string{
			"revoke from dummy, an exposed hand: no transfer",
			"the side's first penalised revoke: two tricks are transferred, out of the 7 tricks it won from this revoke on"}},
		{"C12 after-round:", "1936", []string{"attention was drawn after the cut for the next deal: no penalty"}},
		{"C12 after-round:", "1963", []string{"attention was drawn after the round: no transfer"}},
		{"A8 a late", "2007", []string{
			"both sides revoked on this board: no automatic transfer, the director restores equity",
			"both sides revoked on this board: no automatic transfer, the director restores equity"}},
	} {
		var w *worked
		for i := range workedCases {
			if strings.HasPrefix(workedCases[i].name, c.name+" ") {
				w = &workedCases[i]
				break
			}
		}
		if w == nil {
			t.Fatalf("no worked case %s", c.name)
		}
		g, _ := w.run(t, EditionByName(c.ed))
		for i, r := range g.revs {
			if got := r.Reason.String(); i >= len(c.reasons) || got != c.reasons[i] {
				t.Errorf("%s/%s revoke %d: reason\n%q, want\n%q", c.name, c.ed, i, got, c.reasons)
			}
		}
	}
}

var workedCases = []worked{
	{
		name: "C1 defender wins the revoke trick", contract: "4S", declarer: pbn.South,
		ew: []int{2, 5, 8, 10, 11, 13}, revokes: []rv{{off: pbn.West, trick: 5, led: pbn.Diamonds, wonBy: pbn.West}},
		want: map[string]want{
			"1936": {"2", "§27.4", "", 9, -50},
			"1963": {"2", "art. 64", "", 9, -50},
			"1975": {"2", "art. 64", "", 9, -50},
			"*":    {"2", "64A1", "", 9, -50},
		},
	},
	{
		name: "C2 partner wins the revoke trick", contract: "4S", declarer: pbn.South,
		ew: []int{2, 5, 8, 10, 11, 13}, revokes: []rv{{off: pbn.West, trick: 5, led: pbn.Diamonds, wonBy: pbn.East, laterWin: 11}},
		want: map[string]want{
			"1936": {"2", "§27.4", "", 9, -50},
			"1963": {"2", "art. 64", "", 9, -50},
			"1975": {"2", "art. 64", "", 9, -50},
			"1987": {"1", "64A2", "", 8, -100},
			"1997": {"2", "64A2", "", 9, -50},
			"2007": {"1", "64A2", "", 8, -100},
			"2017": {"1", "64A2", "", 8, -100},
		},
	},
	{
		name: "C3 offender wins, side wins nothing later", contract: "4S", declarer: pbn.South,
		ew: []int{2, 3, 9}, revokes: []rv{{off: pbn.West, trick: 9, led: pbn.Clubs, wonBy: pbn.West}},
		want: map[string]want{
			"1936": {"1", "§27.4", "", 11, 150},
			"1963": {"1", "art. 64", "", 11, 450},
			"1975": {"1", "art. 64", "", 11, 450},
			"*":    {"1", "64A1", "", 11, 450},
		},
	},
	{
		name: "C4 offending side wins no trick from the revoke on", contract: "3NT", vul: true, declarer: pbn.South,
		ew: []int{1, 2, 3, 4}, revokes: []rv{{off: pbn.East, trick: 8, led: pbn.Clubs, wonBy: pbn.North}},
		want: map[string]want{
			"1936": {"0", "§27.4", "", 9, 100},
			"1963": {"0", "art. 64a", "", 9, 600},
			"1975": {"0", "art. 64a", "equity-review", 9, 600},
			"*":    {"0", "64B1", "equity-review", 9, 600},
		},
	},
	{
		name: "C6 revoke at trick 11 then a claim by the offender", contract: "4H", vul: true, declarer: pbn.South,
		ew: []int{4, 11, 12, 13}, claimed: 12, revokes: []rv{{off: pbn.West, trick: 11, led: pbn.Clubs, wonBy: pbn.West, claim: true}},
		want: map[string]want{
			// laws.md A4: before 1997 the claim is taken to establish.
			"1936": {"2", "§27.4", "claim-assumed", 11, 150},
			"1963": {"2", "art. 64", "claim-assumed", 11, 650},
			"1975": {"2", "art. 64", "claim-assumed", 11, 650},
			"1987": {"2", "64A1", "claim-assumed", 11, 650},
			"*":    {"2", "64A1", "", 11, 650},
		},
	},
	{
		name: "C6b revoke by a defender, declarer wins it and claims the rest", contract: "4H", vul: true, declarer: pbn.South,
		ew: []int{4, 5, 6, 7}, claimed: 12, revokes: []rv{{off: pbn.East, trick: 11, led: pbn.Clubs, wonBy: pbn.South, claim: true}},
		want: map[string]want{
			"1936": {"0", "§27.4", "claim-assumed", 9, -100},
			"1963": {"0", "art. 64a", "claim-assumed", 9, -100},
			"1975": {"0", "art. 64a", "equity-review claim-assumed", 9, -100},
			"1987": {"0", "64B1", "equity-review claim-assumed", 9, -100},
			"*":    {"0", "64B1", "equity-review", 9, -100},
		},
	},
	{
		name: "C7 same player, same suit, twice", contract: "4S", declarer: pbn.South,
		ew: []int{1, 6, 9, 10},
		revokes: []rv{
			{off: pbn.West, trick: 3, led: pbn.Diamonds, wonBy: pbn.South},
			{off: pbn.West, trick: 6, led: pbn.Diamonds, wonBy: pbn.West},
		},
		want: map[string]want{
			"1936": {"2 1", "§27.4;§27.4", ";", 12, 180},
			"1963": {"2 0", "art. 64;art. 64b", ";", 11, 450},
			"1975": {"2 0", "art. 64;art. 64b", ";equity-review", 11, 450},
			"*":    {"1 0", "64A2;64B2", ";equity-review", 10, 420},
		},
	},
	{
		name: "C8 two revokes by one side, different players and suits", contract: "4S", declarer: pbn.South,
		ew: []int{1, 7, 8, 12},
		revokes: []rv{
			{off: pbn.West, trick: 2, led: pbn.Clubs, wonBy: pbn.North, laterWin: 12},
			{off: pbn.East, trick: 7, led: pbn.Hearts, wonBy: pbn.East},
		},
		want: map[string]want{
			"1936": {"2 1", "§27.4;§27.4", ";", 12, 180},
			"1963": {"1 2", "art. 64;art. 64", "allocation-cap;", 12, 480},
			"1975": {"1 2", "art. 64;art. 64", "allocation-cap;", 12, 480},
			"1997": {"1 2", "64A2;64A1", "allocation-cap;", 12, 480},
			"*":    {"1 2", "64A2;64A1", ";", 12, 480},
		},
	},
	{
		name: "C9 both sides revoke", contract: "4H", declarer: pbn.South,
		ew: []int{1, 4, 6, 10},
		revokes: []rv{
			{off: pbn.West, trick: 4, led: pbn.Spades, wonBy: pbn.West},
			{off: pbn.South, trick: 9, led: pbn.Diamonds, wonBy: pbn.South},
		},
		want: map[string]want{
			"1936": {"2 2", "§27.4;§27.4", "both-sides;both-sides", 9, 0},
			"1963": {"2 2", "art. 64;art. 64", "both-sides;both-sides", 9, -50},
			"1975": {"2 2", "art. 64;art. 64", "both-sides;both-sides", 9, -50},
			"1987": {"2 2", "64A1;64A1", "both-sides;both-sides", 9, -50},
			"1997": {"2 2", "64A1;64A1", "equity-review both-sides;equity-review both-sides", 9, -50},
			"2007": {"0 0", "64B7;64B7", "equity-review both-sides;equity-review both-sides", 9, -50},
			"2017": {"0 0", "64B7;64B7", "equity-review both-sides;equity-review both-sides", 9, -50},
		},
	},
	{
		name: "C10 dummy revokes", contract: "4S", vul: true, declarer: pbn.South,
		ew: []int{1, 6, 9}, revokes: []rv{{off: pbn.North, trick: 6, led: pbn.Clubs, wonBy: pbn.West}},
		want: map[string]want{
			"1936": {"0", "§27.4(1)", "", 10, 120},
			"1963": {"0", "art. 64c", "", 10, 620},
			"1975": {"0", "art. 64c", "equity-review", 10, 620},
			"*":    {"0", "64B3", "equity-review", 10, 620},
		},
	},
	{
		name: "C11 declarer revokes, dummy wins the trick", contract: "4S", vul: true, declarer: pbn.South,
		ew: []int{1, 2, 3}, revokes: []rv{{off: pbn.South, trick: 5, led: pbn.Clubs, wonBy: pbn.North}},
		want: map[string]want{
			"1936": {"2", "§27.4", "", 8, -200},
			"1963": {"2", "art. 64", "", 8, -200},
			"1975": {"2", "art. 64", "", 8, -200},
			"*":    {"1", "64A2", "", 9, -100},
		},
	},
	{
		name: "C11b declarer revokes and wins the trick in hand", contract: "4S", vul: true, declarer: pbn.South,
		ew: []int{1, 2, 3}, revokes: []rv{{off: pbn.South, trick: 5, led: pbn.Clubs, wonBy: pbn.South}},
		want: map[string]want{
			"1936": {"2", "§27.4", "", 8, -200},
			"1963": {"2", "art. 64", "", 8, -200},
			"1975": {"2", "art. 64", "", 8, -200},
			"*":    {"2", "64A1", "", 8, -200},
		},
	},
	{
		name: "C12 record stops before establishment", contract: "4S", declarer: pbn.South,
		ew: []int{1, 2, 3}, revokes: []rv{{off: pbn.West, trick: 5, led: pbn.Clubs, wonBy: pbn.West, notEst: true}},
		want: map[string]want{
			"1936": {"0", "§27.2", "", 10, 120},
			"1963": {"0", "art. 63", "", 10, 420},
			"1975": {"0", "art. 63", "", 10, 420},
			"*":    {"0", "63A", "", 10, 420},
		},
	},
	{
		name: "C12 after-round: timing exceptions", contract: "4S", declarer: pbn.South, att: AfterRound,
		ew: []int{1, 2, 5, 6}, revokes: []rv{{off: pbn.West, trick: 5, led: pbn.Clubs, wonBy: pbn.West}},
		want: map[string]want{
			"1936": {"0", "§27.4(2)", "", 9, 0},
			"1963": {"0", "art. 64d", "", 9, 0},
			"1975": {"0", "art. 64d", "equity-review", 9, 0},
			"*":    {"0", "64B5", "equity-review", 9, 0},
		},
	},
	{
		name: "C13 transferred tricks make a slam", contract: "6H", vul: true, declarer: pbn.South,
		ew: []int{3, 8}, revokes: []rv{{off: pbn.West, trick: 3, led: pbn.Clubs, wonBy: pbn.West}},
		want: map[string]want{
			"1936": {"2", "§27.4", "", 13, 960},
			"1963": {"2", "art. 64", "", 13, 1460},
			"1975": {"2", "art. 64", "", 13, 1460},
			"*":    {"2", "64A1", "", 13, 1460},
		},
	},
	{
		name: "C14 doubled contract, scores across 1987", contract: "4SX", declarer: pbn.South,
		ew: []int{1, 2, 3, 4, 5, 6, 7, 8}, revokes: []rv{{off: pbn.West, trick: 5, led: pbn.Clubs, wonBy: pbn.West}},
		want: map[string]want{
			"1936": {"2", "§27.4", "", 7, -500},
			"1963": {"2", "art. 64", "", 7, -500},
			"1975": {"2", "art. 64", "", 7, -500},
			"*":    {"2", "64A1", "", 7, -500},
		},
	},
	{
		name: "C15 three revokes by one side exceed the pool", contract: "4S", declarer: pbn.South,
		ew: []int{1, 4, 9},
		revokes: []rv{
			{off: pbn.West, trick: 4, led: pbn.Clubs, wonBy: pbn.West},
			{off: pbn.East, trick: 7, led: pbn.Hearts, wonBy: pbn.North},
			{off: pbn.West, trick: 10, led: pbn.Diamonds, wonBy: pbn.South},
		},
		want: map[string]want{
			"1936": {"0 1 1", "§27.4;§27.4;§27.4", "allocation-cap;;", 12, 180},
		},
	},
	{
		// laws.md A8: in 2007 and 2017 an established trick-12 revoke
		// counts for both sides; corrected, it keeps its correction and
		// gets no equity-review (A5), the other side's revoke gets 64B7.
		name: "A8 a corrected trick-12 revoke and one of the other side", contract: "4H", declarer: pbn.South,
		ew: []int{1, 4, 6, 10},
		revokes: []rv{
			{off: pbn.West, trick: 4, led: pbn.Spades, wonBy: pbn.West},
			{off: pbn.South, trick: 12, led: pbn.Diamonds, wonBy: pbn.South, corrected: true},
		},
		want: map[string]want{
			"1987": {"2 0", "64A1;62D", ";trick12-corrected", 11, 450},
			"1997": {"2 0", "64A1;62D", ";trick12-corrected", 11, 450},
			"2007": {"0 0", "64B7;62D", "equity-review both-sides;trick12-corrected both-sides", 9, -50},
			"2017": {"0 0", "64B7;62D", "equity-review both-sides;trick12-corrected both-sides", 9, -50},
		},
	},
	{
		// laws.md A9: too late to correct; 1987/1997 transfer (64A1: South
		// won trick 12, NS won 13); 2007/2017 both sides (A8), and 64B7
		// keeps its citation at every moment (A9).
		name: "A8 a late trick-12 revoke and one of the other side", contract: "4H", declarer: pbn.South, att: HandsReturned,
		ew: []int{1, 4, 6, 10},
		revokes: []rv{
			{off: pbn.West, trick: 4, led: pbn.Spades, wonBy: pbn.West},
			{off: pbn.South, trick: 12, led: pbn.Diamonds, wonBy: pbn.South},
		},
		want: map[string]want{
			"1987": {"2 2", "64A1;64A1", ";", 9, -50},
			"1997": {"2 2", "64A1;64A1", ";", 9, -50},
			"2007": {"0 0", "64B7;64B7", "equity-review both-sides;equity-review both-sides", 9, -50},
			"2017": {"0 0", "64B7;64B7", "equity-review both-sides;equity-review both-sides", 9, -50},
		},
	},
	{
		// laws.md A9: 64B5 for a trick-12 revoke in 1987 and 1997 too;
		// both sides keeps 64B7 after the round.
		name: "A9 after the round: a trick-12 revoke too", contract: "4H", declarer: pbn.South, att: AfterRound,
		ew: []int{1, 4, 6, 10},
		revokes: []rv{
			{off: pbn.West, trick: 4, led: pbn.Spades, wonBy: pbn.West},
			{off: pbn.South, trick: 12, led: pbn.Diamonds, wonBy: pbn.South},
		},
		want: map[string]want{
			"1987": {"0 0", "64B5;64B5", "equity-review;equity-review", 9, -50},
			"1997": {"0 0", "64B5;64B5", "equity-review;equity-review", 9, -50},
			"2007": {"0 0", "64B7;64B7", "equity-review both-sides;equity-review both-sides", 9, -50},
			"2017": {"0 0", "64B7;64B7", "equity-review both-sides;equity-review both-sides", 9, -50},
		},
	},
	{
		// laws.md A10: a row whose transfer is 0 only because a later
		// revoke of its side took the tricks gets no equity-review.
		name: "A10 capped to nothing", contract: "4S", declarer: pbn.South,
		ew: []int{1, 7, 8},
		revokes: []rv{
			{off: pbn.West, trick: 2, led: pbn.Clubs, wonBy: pbn.North},
			{off: pbn.East, trick: 7, led: pbn.Hearts, wonBy: pbn.East},
		},
		want: map[string]want{
			"1936": {"1 1", "§27.4;§27.4", "allocation-cap;", 12, 180},
			"1963": {"0 2", "art. 64;art. 64", "allocation-cap;", 12, 480},
			"1975": {"0 2", "art. 64;art. 64", "allocation-cap;", 12, 480},
			"*":    {"0 2", "64A2;64A1", "allocation-cap;", 12, 480},
		},
	},
	{
		// laws.md A7, A10: 1936 counts from the first penalised revoke; a
		// dummy revoke before it is exempt (§27.4(1)) and not penalised.
		name: "A7 1936 an exempt dummy revoke first", contract: "4S", declarer: pbn.South,
		ew: []int{1, 2, 3, 4, 9},
		revokes: []rv{
			{off: pbn.North, trick: 3, led: pbn.Clubs, wonBy: pbn.East},
			{off: pbn.South, trick: 6, led: pbn.Hearts, wonBy: pbn.South},
		},
		want: map[string]want{
			"1936": {"0 2", "§27.4(1);§27.4", ";", 6, -200},
			"1963": {"0 2", "art. 64c;art. 64", ";", 6, -200},
			"1975": {"0 2", "art. 64c;art. 64", "equity-review;", 6, -200},
			"*":    {"0 2", "64B3;64A1", "equity-review;", 6, -200},
		},
	},
	{
		// laws.md A9: both sides keeps its rule after the round (2007,
		// 2017 64B7); elsewhere the timing rule stops the transfer.
		name: "C9 both sides, after the round", contract: "4H", declarer: pbn.South, att: AfterRound,
		ew: []int{1, 4, 6, 10},
		revokes: []rv{
			{off: pbn.West, trick: 4, led: pbn.Spades, wonBy: pbn.West},
			{off: pbn.South, trick: 9, led: pbn.Diamonds, wonBy: pbn.South},
		},
		want: map[string]want{
			"1936": {"0 0", "§27.4(2);§27.4(2)", "both-sides;both-sides", 9, 0},
			"1963": {"0 0", "art. 64d;art. 64d", "both-sides;both-sides", 9, -50},
			"1975": {"0 0", "art. 64d;art. 64d", "equity-review both-sides;equity-review both-sides", 9, -50},
			"1987": {"0 0", "64B5;64B5", "equity-review both-sides;equity-review both-sides", 9, -50},
			"1997": {"0 0", "64B5;64B5", "equity-review both-sides;equity-review both-sides", 9, -50},
			"2007": {"0 0", "64B7;64B7", "equity-review both-sides;equity-review both-sides", 9, -50},
			"2017": {"0 0", "64B7;64B7", "equity-review both-sides;equity-review both-sides", 9, -50},
		},
	},
}
