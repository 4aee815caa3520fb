package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"revokes/pbn"
	"revokes/pbn/pbntest"
	"revokes/synth"
)

// This file generates the sample archive embedded in the command
// (sample/): random deals with random legal play, except for the revokes
// planted on purpose. Regenerate with
//
//	go generate ./cmd/revokes
//
// (which runs go test -run TestSampleUpToDate -update).

// update is -update, which also rewrites the sample archive in sample/.
var update = pbntest.Update

// plant is a revoke to put into the play: at trick, the seat with role
// (relative to declarer: 0 declarer, 1 LHO, 2 dummy, 3 RHO) plays an
// off-suit card although it holds the led suit; ok says whether the
// outcome is the one wanted (led suit, the revoke card, the trick's
// winner).
type plant struct {
	trick int
	role  int
	ok    func(g *game, led pbn.Suit, card pbn.Card, winner pbn.Seat) bool
}

// scenario is one board of the sample.
type scenario struct {
	note   string // what the board shows (not written)
	trumps bool   // needs a suit contract
	plants []plant
	claim  int // play stops with a claim after this trick (0: played out)
}

// game is a board being played.
type game struct {
	rng      *rand.Rand
	hands    pbn.Deal // cards not yet played
	declarer pbn.Seat
	trump    pbn.Strain
	play     []pbn.Play
	revokes  []pbn.Play // planted revoke cards, in order
	revLed   []pbn.Suit
}

func (g *game) seat(role int) pbn.Seat { return (g.declarer + pbn.Seat(role)) & 3 }

// legal returns the cards seat s may play to a trick led in suit led (or
// any card when leading).
func (g *game) legal(s pbn.Seat, led pbn.Suit, leading bool) []pbn.Card {
	h := g.hands[s]
	if !leading && h.HasSuit(led) {
		h = h.Suit(led)
	}
	return h.Cards()
}

// trick plays one trick from leader, planting the revoke p if given, and
// returns the winner, or false when the plant cannot be made to work.
func (g *game) trick(n int, leader pbn.Seat, plants []plant) (pbn.Seat, bool) {
	var cards [4]pbn.Card
	var led pbn.Suit
	for k := 0; k < 4; k++ {
		s := (leader + pbn.Seat(k)) & 3
		var pl *plant
		for i := range plants {
			if plants[i].trick == n && g.seat(plants[i].role) == s {
				pl = &plants[i]
			}
		}
		if pl != nil {
			h := g.hands[s]
			if k == 0 || !h.HasSuit(led) {
				return 0, false
			}
			off := h &^ h.Suit(led)
			if off == 0 {
				return 0, false
			}
			// Try each off-suit card with the rest of the trick random.
			for _, c := range off.Cards() {
				save := *g
				save.play = append([]pbn.Play(nil), g.play...)
				try := cards
				try[k] = c
				g.hands[s] = g.hands[s].Without(c)
				g.play = append(g.play, pbn.Play{Seat: s, Card: c})
				for j := k + 1; j < 4; j++ {
					t := (leader + pbn.Seat(j)) & 3
					l := g.legal(t, led, false)
					cc := l[g.rng.IntN(len(l))]
					try[j] = cc
					g.hands[t] = g.hands[t].Without(cc)
					g.play = append(g.play, pbn.Play{Seat: t, Card: cc})
				}
				w := (leader + pbn.Seat(pbn.TrickWinner(try, g.trump))) & 3
				if pl.ok(g, led, c, w) {
					g.revokes = append(g.revokes, pbn.Play{Seat: s, Card: c})
					g.revLed = append(g.revLed, led)
					return w, true
				}
				rng := g.rng
				*g = save
				g.rng = rng
			}
			return 0, false
		}
		l := g.legal(s, led, k == 0)
		c := l[g.rng.IntN(len(l))]
		if k == 0 {
			led = c.Suit()
		}
		cards[k] = c
		g.hands[s] = g.hands[s].Without(c)
		g.play = append(g.play, pbn.Play{Seat: s, Card: c})
	}
	return (leader + pbn.Seat(pbn.TrickWinner(cards, g.trump))) & 3, true
}

// sampleEvent is one file of the sample.
type sampleEvent struct {
	file, event, site, date string
	first                   int // first board number
	boards                  []scenario
}

// Outcome checks for plants.
func wonByOffender(g *game, led pbn.Suit, c pbn.Card, w pbn.Seat) bool {
	return w == g.play[len(g.play)-1-countAfter(g, c)].Seat
}
func wonByPartner(g *game, led pbn.Suit, c pbn.Card, w pbn.Seat) bool {
	return w == offender(g, c).Partner()
}
func anyWinner(*game, pbn.Suit, pbn.Card, pbn.Seat) bool { return true }

// offender returns the seat that played c in the current trick.
func offender(g *game, c pbn.Card) pbn.Seat {
	for i := len(g.play) - 1; i >= 0; i-- {
		if g.play[i].Card == c {
			return g.play[i].Seat
		}
	}
	panic("card not played")
}

func countAfter(g *game, c pbn.Card) int {
	for i := len(g.play) - 1; i >= 0; i-- {
		if g.play[i].Card == c {
			return len(g.play) - 1 - i
		}
	}
	panic("card not played")
}

// sameSuitAgain: the same suit as the first planted revoke was led.
func sameSuitAgain(g *game, led pbn.Suit, c pbn.Card, w pbn.Seat) bool {
	return len(g.revLed) > 0 && g.revLed[0] == led
}

var sampleEvents = []sampleEvent{
	{"1958-03-11-club-pairs.pbn", "Tuesday Pairs", "Haarlem BC", "1958.03.11", 1, []scenario{
		{note: "defender ruffs while holding the suit and wins the trick", trumps: true,
			plants: []plant{{4, 1, wonByOffender}}},
		{note: "clean board"},
		{note: "defender discards, partner wins the trick",
			plants: []plant{{5, 3, wonByPartner}}},
	}},
	{"1970-11-21-county-teams.pbn", "County Teams, Round 3", "Leiden", "1970.11.21", 9, []scenario{
		{note: "declarer revokes, dummy wins the trick", trumps: true,
			plants: []plant{{3, 0, func(g *game, _ pbn.Suit, _ pbn.Card, w pbn.Seat) bool { return w == g.seat(2) }}}},
		{note: "clean board"},
		{note: "dummy revokes", plants: []plant{{6, 2, anyWinner}}},
	}},
	{"1990-05-06-national-pairs.pbn", "National Pairs Final", "Utrecht", "1990.05.06", 4, []scenario{
		{note: "the same defender revokes twice in the same suit", trumps: true,
			plants: []plant{{3, 1, anyWinner}, {6, 1, sameSuitAgain}}},
		{note: "revoke at trick 12", plants: []plant{{12, 3, anyWinner}}},
		{note: "clean board", claim: 10},
	}},
	{"2005-09-17-congress-teams.pbn", "Autumn Congress Teams", "Eindhoven", "2005.09.17", 17, []scenario{
		{note: "defender revokes, declarer claims at once", trumps: true,
			plants: []plant{{6, 1, wonByOffender}}, claim: 6},
		{note: "both sides revoke",
			plants: []plant{{4, 3, anyWinner}, {8, 0, anyWinner}}},
		{note: "clean board"},
	}},
	{"2019-02-14-club-night.pbn", "Valentine Club Night", "Amstelveen BC", "2019.02.14", 1, []scenario{
		{note: "defender ruffs while holding the suit and wins the trick", trumps: true,
			plants: []plant{{7, 3, wonByOffender}}},
		{note: "defender discards, partner wins", plants: []plant{{2, 1, wonByPartner}}},
		{note: "revoke at trick 12 by declarer", plants: []plant{{12, 0, anyWinner}}},
		{note: "clean board"},
	}},
	{"2021-online-teams.lin", "Online Teams", "", "", 1, []scenario{
		{note: "defender discards, partner wins", plants: []plant{{3, 3, wonByPartner}}},
		{note: "clean board", claim: 11},
		{note: "declarer ruffs while holding the suit", trumps: true,
			plants: []plant{{5, 0, wonByOffender}}},
	}},
}

var firstNames = []string{"Anna", "Bert", "Carla", "Dirk", "Els", "Frits", "Greet", "Hans",
	"Ine", "Joop", "Kees", "Lies", "Maarten", "Nel", "Otto", "Piet"}
var lastNames = []string{"de Vries", "Jansen", "Bakker", "Visser", "Smit", "Meijer",
	"de Boer", "Mulder", "Bos", "Vos", "Peters", "Hendriks"}

// vulOf is the duplicate vulnerability of a board number.
func vulOf(n int) pbn.Vulnerability {
	return [16]pbn.Vulnerability{pbn.VulNone, pbn.VulNS, pbn.VulEW, pbn.VulAll,
		pbn.VulNS, pbn.VulEW, pbn.VulAll, pbn.VulNone,
		pbn.VulEW, pbn.VulAll, pbn.VulNone, pbn.VulNS,
		pbn.VulAll, pbn.VulNone, pbn.VulNS, pbn.VulEW}[(n-1)%16]
}

// genBoard makes one board of a scenario, trying deals until the plants
// work out.
func genBoard(rng *rand.Rand, ev *sampleEvent, num int, sc scenario) *pbn.Board {
	for attempt := 0; attempt < 100000; attempt++ {
		var deck []pbn.Card
		for s := pbn.Spades; s <= pbn.Clubs; s++ {
			for r := pbn.Rank(2); r <= pbn.Ace; r++ {
				deck = append(deck, pbn.NewCard(s, r))
			}
		}
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		var deal pbn.Deal
		for i, c := range deck {
			deal[i/13] = deal[i/13].With(c)
		}
		g := &game{rng: rng, hands: deal, declarer: pbn.Seat(rng.IntN(4))}
		level := 1 + rng.IntN(6)
		g.trump = pbn.Strain(rng.IntN(5))
		if sc.trumps {
			g.trump = pbn.Strain(rng.IntN(4))
		}
		leader := g.declarer.Next()
		won := 0
		ok := true
		tricks := 13
		for t := 1; t <= 13; t++ {
			w, good := g.trick(t, leader, sc.plants)
			if !good {
				ok = false
				break
			}
			if w == g.declarer || w == g.declarer.Partner() {
				won++
			}
			leader = w
			if t == sc.claim {
				tricks = t
			}
		}
		if !ok || len(g.revokes) != len(sc.plants) {
			continue
		}
		dealer := pbn.Seat((num - 1) % 4)
		b := &pbn.Board{Dealer: dealer, HasDealer: true, Vul: vulOf(num), Deal: deal,
			Declarer: g.declarer, HasDeclarer: true, HasContract: true,
			Contract:     pbn.Contract{Level: level, Strain: g.trump},
			AuctionStart: dealer, Result: won, HasResult: true,
			Play: g.play[:4*tricks]}
		if sc.claim > 0 {
			b.Claim, b.ClaimTricks = true, won
		}
		b.Tags = append(b.Tags, pbn.Tag{Name: "Event", Value: ev.event})
		if ev.site != "" {
			b.Tags = append(b.Tags, pbn.Tag{Name: "Site", Value: ev.site})
		}
		if ev.date != "" {
			b.Tags = append(b.Tags, pbn.Tag{Name: "Date", Value: ev.date})
		}
		b.Tags = append(b.Tags, pbn.Tag{Name: "Board", Value: fmt.Sprint(num)})
		for s := range b.Players {
			b.Players[s] = firstNames[rng.IntN(len(firstNames))] + " " + lastNames[rng.IntN(len(lastNames))]
		}
		for s := dealer; s != g.declarer; s = s.Next() {
			b.Auction = append(b.Auction, pbn.Call{Text: "Pass"})
		}
		b.Auction = append(b.Auction, pbn.Call{Text: b.Contract.String()},
			pbn.Call{Text: "Pass"}, pbn.Call{Text: "Pass"}, pbn.Call{Text: "Pass"})
		return b
	}
	panic("no deal found for " + sc.note)
}

// genSample returns the sample files, name → content.
func genSample() map[string][]byte {
	rng := rand.New(rand.NewPCG(1958, 2019))
	out := map[string][]byte{}
	for i := range sampleEvents {
		ev := &sampleEvents[i]
		var buf []byte
		lin := strings.HasSuffix(ev.file, ".lin")
		if !lin {
			buf = append(buf, "% PBN 2.1\n% EXPORT\n% Sample archive of revokes; generated by gen_test.go\n"...)
		}
		for k, sc := range ev.boards {
			b := genBoard(rng, ev, ev.first+k, sc)
			if lin {
				buf = synth.AppendLIN(buf, b)
			} else {
				buf = synth.AppendPBN(buf, b)
			}
		}
		out[ev.file] = buf
	}
	return out
}

// TestSampleUpToDate checks that sample/ holds what the generator makes;
// with -update it writes it.
func TestSampleUpToDate(t *testing.T) {
	files := genSample()
	for name, data := range files {
		path := filepath.Join("sample", name)
		if *update {
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		old, err := os.ReadFile(path)
		if err != nil || string(old) != string(data) {
			t.Errorf("%s is not what gen_test.go makes; run go generate ./cmd/revokes", path)
		}
	}
	ents, _ := os.ReadDir("sample")
	for _, e := range ents {
		if files[e.Name()] == nil {
			if *update {
				os.Remove(filepath.Join("sample", e.Name()))
			} else {
				t.Errorf("sample/%s is not made by the generator", e.Name())
			}
		}
	}
}
