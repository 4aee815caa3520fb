// Package synth generates deterministic synthetic bridge archives: random
// deals, legal random play with a small share of revokes of every kind,
// claims, several events, written as PBN or LIN. Tests, benchmarks and the
// speed figures of docs/performance.md use it, so anyone can reproduce them.
package synth

import (
	"math/rand/v2"
	"strconv"

	"revokes/pbn"
)

// Options tune a generator.
type Options struct {
	Seed       uint64
	RevokeRate float64 // share of cards (positions 2-4) that revoke when able; default 0.0001 (about one revoke in 400 boards, as in real archives)
	ClaimRate  float64 // share of boards that end with a claim; default 0.3
	Events     int     // number of events the boards are spread over; default 8
}

// Generator makes boards one at a time.
type Generator struct {
	opt Options
	rng *rand.Rand
	n   int
}

// New returns a generator.
func New(opt Options) *Generator {
	if opt.RevokeRate == 0 {
		opt.RevokeRate = 0.0001
	}
	if opt.ClaimRate == 0 {
		opt.ClaimRate = 0.3
	}
	if opt.Events == 0 {
		opt.Events = 8
	}
	return &Generator{opt: opt, rng: rand.New(rand.NewPCG(opt.Seed, opt.Seed^0x9e3779b97f4a7c15))}
}

var eventYears = [...]int{1958, 1968, 1979, 1991, 2001, 2012, 2019, 2024}

// Board returns the next board: a full deal, a contract, legal play with
// occasional revokes, and sometimes a claim.
func (g *Generator) Board() *pbn.Board {
	g.n++
	rng := g.rng
	b := &pbn.Board{Index: g.n, ClaimTricks: -1}
	num := (g.n-1)%32 + 1
	ev := (g.n - 1) / 32 % g.opt.Events
	year := eventYears[ev%len(eventYears)]
	b.Dealer = [4]pbn.Seat{pbn.North, pbn.East, pbn.South, pbn.West}[(num-1)%4]
	b.HasDealer = true
	b.Vul = vulOf(num)
	var cards [52]pbn.Card
	for i := range cards {
		cards[i] = pbn.NewCard(pbn.Suit(i/13), pbn.Rank(i%13+2))
	}
	rng.Shuffle(52, func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	for i, c := range cards {
		b.Deal[i/13] = b.Deal[i/13].With(c)
	}
	b.Given = [4]bool{true, true, true, true}
	b.Contract = pbn.Contract{Level: 1 + rng.IntN(7), Strain: pbn.Strain(rng.IntN(5))}
	if x := rng.IntN(20); x == 0 {
		b.Contract.Doubled = 2
	} else if x < 4 {
		b.Contract.Doubled = 1
	}
	b.HasContract = true
	b.Declarer = pbn.Seat(rng.IntN(4))
	b.HasDeclarer = true
	b.AuctionStart = b.Dealer
	b.Auction = auction(b.Dealer, b.Declarer, b.Contract)

	hands := b.Deal
	leader := b.Declarer.Next()
	stop := 13
	if rng.Float64() < g.opt.ClaimRate {
		stop = 6 + rng.IntN(7)
	}
	declTricks := 0
	for t := 0; t < stop; t++ {
		var tr [4]pbn.Card
		for k := 0; k < 4; k++ {
			s := (leader + pbn.Seat(k)) & 3
			h := hands[s]
			var choice pbn.Hand
			if k == 0 {
				choice = h
			} else {
				led := tr[0].Suit()
				if h.HasSuit(led) {
					choice = h.Suit(led)
					if off := h &^ h.Suit(led); off != 0 && rng.Float64() < g.opt.RevokeRate {
						choice = off // a revoke
					}
				} else {
					choice = h
				}
			}
			c := pick(rng, choice)
			tr[k] = c
			hands[s] = h.Without(c)
			b.Play = append(b.Play, pbn.Play{Seat: s, Card: c})
		}
		w := (leader + pbn.Seat(pbn.TrickWinner(tr, b.Contract.Strain))) & 3
		if w.NS() == b.Declarer.NS() {
			declTricks++
		}
		leader = w
	}
	if stop < 13 {
		b.Claim = true
		b.ClaimTricks = declTricks + rng.IntN(13-stop+1)
		b.Result, b.HasResult = b.ClaimTricks, true
	} else {
		b.Result, b.HasResult = declTricks, true
	}
	b.Players = [4]string{"North " + strconv.Itoa(rng.IntN(500)), "East " + strconv.Itoa(rng.IntN(500)),
		"South " + strconv.Itoa(rng.IntN(500)), "West " + strconv.Itoa(rng.IntN(500))}
	b.Tags = []pbn.Tag{
		{Name: "Event", Value: "Synthetic Championship " + strconv.Itoa(year)},
		{Name: "Site", Value: "Utrecht"},
		{Name: "Date", Value: strconv.Itoa(year) + ".0" + strconv.Itoa(1+ev%9) + ".1" + strconv.Itoa(ev%10)},
		{Name: "Board", Value: strconv.Itoa(num)},
	}
	return b
}

func pick(rng *rand.Rand, h pbn.Hand) pbn.Card {
	cs := h.Cards()
	return cs[rng.IntN(len(cs))]
}

// vulOf is the standard vulnerability of a board number.
func vulOf(num int) pbn.Vulnerability {
	return [16]pbn.Vulnerability{
		pbn.VulNone, pbn.VulNS, pbn.VulEW, pbn.VulAll,
		pbn.VulNS, pbn.VulEW, pbn.VulAll, pbn.VulNone,
		pbn.VulEW, pbn.VulAll, pbn.VulNone, pbn.VulNS,
		pbn.VulAll, pbn.VulNone, pbn.VulNS, pbn.VulEW,
	}[(num-1)%16]
}

// auction returns a legal auction that ends in contract c by declarer.
func auction(dealer, declarer pbn.Seat, c pbn.Contract) []pbn.Call {
	var calls []pbn.Call
	s := dealer
	for s != declarer {
		calls = append(calls, pbn.Call{Text: "Pass"})
		s = s.Next()
	}
	calls = append(calls, pbn.Call{Text: pbn.Contract{Level: c.Level, Strain: c.Strain}.String()})
	if c.Doubled >= 1 {
		calls = append(calls, pbn.Call{Text: "X"})
	}
	if c.Doubled == 2 {
		calls = append(calls, pbn.Call{Text: "XX"})
	}
	return append(calls, pbn.Call{Text: "Pass"}, pbn.Call{Text: "Pass"}, pbn.Call{Text: "Pass"})
}
