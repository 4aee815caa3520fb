// Package pbn holds the board model of revokes (suits, cards, seats, hands,
// contracts, board records, problems) and the trick engine that every
// reader and the analysis ask. The file syntaxes are packages of their own:
// pbnfile (PBN), linfile (BBO LIN) and boards (either, told apart by
// content).
package pbn

import "math/bits"

// Suit is one of the four suits, in the order spades, hearts, diamonds,
// clubs (the order of a PBN hand and of DDS).
type Suit uint8

// The suits.
const (
	Spades Suit = iota
	Hearts
	Diamonds
	Clubs
)

// Suit letters, indexed by Suit.
const suitLetters = "SHDC"

// String returns the suit letter: S, H, D or C.
func (s Suit) String() string {
	if s > Clubs {
		return "?"
	}
	return suitLetters[s : s+1]
}

// ParseSuit reads a suit letter (either case).
func ParseSuit(b byte) (Suit, bool) {
	switch b | 0x20 {
	case 's':
		return Spades, true
	case 'h':
		return Hearts, true
	case 'd':
		return Diamonds, true
	case 'c':
		return Clubs, true
	}
	return 0, false
}

// Rank is a card rank from 2 to 14 (the ace).
type Rank uint8

// Named ranks.
const (
	Ten   Rank = 10
	Jack  Rank = 11
	Queen Rank = 12
	King  Rank = 13
	Ace   Rank = 14
)

const rankLetters = "??23456789TJQKA"

// String returns the rank letter, T for the ten.
func (r Rank) String() string {
	if r < 2 || r > Ace {
		return "?"
	}
	return rankLetters[r : r+1]
}

// ParseRank reads a rank letter or digit (either case; T for the ten).
func ParseRank(b byte) (Rank, bool) {
	switch {
	case b >= '2' && b <= '9':
		return Rank(b - '0'), true
	}
	switch b | 0x20 {
	case 't':
		return Ten, true
	case 'j':
		return Jack, true
	case 'q':
		return Queen, true
	case 'k':
		return King, true
	case 'a':
		return Ace, true
	}
	return 0, false
}

// SuitCode is ParseSuit for the readers' hot loops (PBN and LIN): the suit
// of letter b plus one, 0 when b is not a suit letter. The readers' other
// card tables (handBits, cardPair, linSuitBits, linRankBits) are built from
// it and RankCode.
func SuitCode(b byte) uint8 { return suitOf[b] }

// RankCode is ParseRank for the readers' hot loops: the rank of b, 0 when
// b is not a rank letter or digit.
func RankCode(b byte) uint8 { return rankOf[b] }

// suitOf and rankOf are ParseSuit and ParseRank as tables: the one
// card-letter table of the project.
var suitOf, rankOf = func() (s, r [256]uint8) {
	for i := range 256 {
		if su, ok := ParseSuit(byte(i)); ok {
			s[i] = uint8(su) + 1
		}
		if rk, ok := ParseRank(byte(i)); ok {
			r[i] = uint8(rk)
		}
	}
	return
}()

// Card is one card: suit in the high bits, rank in the low four bits. The
// zero Card is no card. A Card is also the bit index of that card in a Hand.
type Card uint8

// NoCard is the zero Card: unknown or absent.
const NoCard Card = 0

// NewCard returns the card of suit s and rank r.
func NewCard(s Suit, r Rank) Card { return Card(uint8(s)<<4 | uint8(r)) }

// Suit returns the card's suit.
func (c Card) Suit() Suit { return Suit(c >> 4) }

// Rank returns the card's rank.
func (c Card) Rank() Rank { return Rank(c & 15) }

// Valid reports whether c is a real card.
func (c Card) Valid() bool { r := c.Rank(); return c>>4 <= 3 && r >= 2 && r <= Ace }

// String returns the card as suit then rank, e.g. "D7", "HT".
func (c Card) String() string {
	if !c.Valid() {
		return "-"
	}
	return c.Suit().String() + c.Rank().String()
}

// ParseCard reads a two-character card, suit first ("HT", "d7"); "10" is
// accepted for the ten ("H10").
func ParseCard(s string) (Card, bool) {
	if len(s) == 3 && s[1] == '1' && s[2] == '0' {
		s = s[:1] + "T"
	}
	if len(s) != 2 {
		return NoCard, false
	}
	su, ok1 := ParseSuit(s[0])
	r, ok2 := ParseRank(s[1])
	if !ok1 || !ok2 {
		return NoCard, false
	}
	return NewCard(su, r), true
}

// Hand is a set of cards: bit Card(c) is set when c is in the hand. Each
// suit takes 16 bits, ranks at bits 2..14 (the layout of a DDS holding).
type Hand uint64

// FullHand holds all 52 cards.
const FullHand Hand = 0x7ffc_7ffc_7ffc_7ffc

// suitMask is the 13 rank bits of one suit (spades); shifted by 16×s, of suit s.
const suitMask Hand = 0x7ffc

// Has reports whether the hand holds c.
func (h Hand) Has(c Card) bool { return h>>c&1 != 0 }

// With returns the hand with c added.
func (h Hand) With(c Card) Hand { return h | 1<<c }

// Without returns the hand with c removed.
func (h Hand) Without(c Card) Hand { return h &^ (1 << c) }

// Len returns the number of cards in the hand.
func (h Hand) Len() int { return bits.OnesCount64(uint64(h)) }

// Suit returns the cards of suit s (a Hand holding only that suit).
func (h Hand) Suit(s Suit) Hand { return h & (suitMask << (16 * s)) }

// Holding returns the rank bits of suit s (bit r set for rank r).
func (h Hand) Holding(s Suit) uint16 { return uint16(h >> (16 * s)) }

// HasSuit reports whether the hand holds any card of suit s.
func (h Hand) HasSuit(s Suit) bool { return h.Suit(s) != 0 }

// Cards returns the cards of the hand, spades first, each suit from the
// two upwards. It allocates; hot paths should walk the bits instead.
func (h Hand) Cards() []Card {
	out := make([]Card, 0, h.Len())
	for x := uint64(h); x != 0; x &= x - 1 {
		out = append(out, Card(bits.TrailingZeros64(x)))
	}
	return out
}

// Highest returns the highest card of the hand in suit s, or NoCard.
func (h Hand) Highest(s Suit) Card {
	x := uint64(h.Suit(s))
	if x == 0 {
		return NoCard
	}
	return Card(63 - bits.LeadingZeros64(x))
}

// String writes the hand as a PBN hand: spades.hearts.diamonds.clubs, high
// cards first.
func (h Hand) String() string {
	b := make([]byte, 0, 17)
	for s := Spades; s <= Clubs; s++ {
		if s > Spades {
			b = append(b, '.')
		}
		for r := Ace; r >= 2; r-- {
			if h.Has(NewCard(s, r)) {
				b = append(b, rankLetters[r])
			}
		}
	}
	return string(b)
}

// Seat is a compass seat: North, East, South, West (the order of DDS).
type Seat uint8

// The seats.
const (
	North Seat = iota
	East
	South
	West
)

const seatLetters = "NESW"

// String returns the seat letter: N, E, S or W.
func (s Seat) String() string {
	if s > West {
		return "?"
	}
	return seatLetters[s : s+1]
}

// Next returns the seat to the left (the next to play).
func (s Seat) Next() Seat { return (s + 1) & 3 }

// Partner returns the seat opposite.
func (s Seat) Partner() Seat { return (s + 2) & 3 }

// Prev returns the seat to the right.
func (s Seat) Prev() Seat { return (s + 3) & 3 }

// NS reports whether the seat is North or South.
func (s Seat) NS() bool { return s&1 == 0 }

// ParseSeat reads a seat letter (either case).
func ParseSeat(b byte) (Seat, bool) {
	switch b | 0x20 {
	case 'n':
		return North, true
	case 'e':
		return East, true
	case 's':
		return South, true
	case 'w':
		return West, true
	}
	return 0, false
}

// Deal is the four hands, indexed by Seat.
type Deal [4]Hand

// Holder returns the seat holding c, or false when no hand holds it.
func (d *Deal) Holder(c Card) (Seat, bool) {
	for s := North; s <= West; s++ {
		if d[s].Has(c) {
			return s, true
		}
	}
	return 0, false
}

// String writes the deal as a PBN Deal value starting with North.
func (d Deal) String() string {
	return "N:" + d[0].String() + " " + d[1].String() + " " + d[2].String() + " " + d[3].String()
}
