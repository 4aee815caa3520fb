// The trick engine: who wins a trick, and the quick replay of whole regular tricks that both
// readers and package analyze use (Tricks).

package pbn

import "math/bits"

// TrickWinner returns the index (0..3, in playing order) of the card that
// wins a trick of four cards played in order, with trumps as given.
func TrickWinner(cards [4]Card, trump Strain) int {
	return trickWinnerWord(uint32(cards[0])|uint32(cards[1])<<8|uint32(cards[2])<<16|uint32(cards[3])<<24, trump)
}

// trickWinnerWord is TrickWinner for the four cards in the bytes of w, the
// lead in the lowest.
func trickWinnerWord(w uint32, trump Strain) int {
	return bestByte(trickScores(w, trump))
}

// trickScores scores each card of the trick w (trickWinnerWord), a byte a
// card: its rank, plus 16 when of the led suit, plus 32 when a trump (a
// discard scores less than any card of the led suit); the best score
// wins. Without branches (the cards are random, so a branch is
// mispredicted half the time), the four cards side by side in one word: a
// byte of suits is 0..7, so adding 0x7f sets its top bit exactly when it
// is not zero.
func trickScores(w uint32, trump Strain) uint32 {
	suits := w >> 4 & 0x07070707
	led := suits ^ (w>>4&7)*0x01010101
	trumps := suits ^ uint32(trump&7)*0x01010101 // NoTrump (4) is no card's suit
	return w&0x0f0f0f0f | ^(led+0x7f7f7f7f)&0x80808080>>3 | ^(trumps+0x7f7f7f7f)&0x80808080>>2
}

// bestByte returns the index of the largest byte of the scores (each
// below 64, no two equal): the index rides in the low bits of each byte,
// and bytes 0 and 2 meet bytes 1 and 3 side by side in 16-bit lanes
// (bit 8 of a lane's difference is set when the odd byte is larger).
func bestByte(score uint32) int {
	k := score<<2 | 0x03020100
	even, odd := k&0x00ff00ff, k>>8&0x00ff00ff
	m := even ^ (even^odd)&((((odd|0x01000100)-even)>>8&0x00010001)*0xff)
	return int(maxNoBranch(int32(m&0xff), int32(m>>16)) & 3)
}

// maxNoBranch returns the larger of a and b by arithmetic (the compiler
// makes a branch of max).
func maxNoBranch(a, b int32) int32 {
	d := b - a
	return a + d&^(d>>31)
}

// Tricks replays whole regular tricks against four known hands: every
// card held by the seat whose turn it is, the led suit followed by every
// hand that still holds it, each trick led by the winner of the one
// before. It is the quick path of every replay (the PBN and LIN readers,
// analyze); at a trick it refuses, the caller's general replay takes
// over.
type Tricks struct {
	Hands   Deal   // the cards each seat still holds
	Leader  Seat   // the seat that leads the next trick
	Trump   Strain // trumps
	n       int    // tricks played (at most 13: the hands hold no more)
	refused bool   // Run met a trick that is not regular
	wins    uint32 // the seat that won each trick, two bits a trick, the last in the highest
}

// Run plays the tricks of words, the four cards of a trick in the bytes
// of a word (PlayWord), as long as each is regular, and appends their
// plays to play, which must have room for them (no append: its growing
// path costs the loop more than itself). A word's cards are in playing
// order from the leader (the lead in the lowest byte), or, with columns
// set, by seat from first (a PBN row). A byte of 64 or more is no card.
// Run stops at the first trick that is not regular, leaving the hands and
// Leader as they were before it.
func (t *Tricks) Run(play []Play, words []uint32, first Seat, columns bool) []Play {
	rot := Seat(0) // the rotation from columns to playing order: none, or all
	if columns {
		rot = 3
	}
	leader, wins, n := t.Leader&3, t.wins, t.n
	for _, w := range words {
		s0 := leader
		w = bits.RotateLeft32(w, -8*int((s0-first)&rot))
		s1, s2, s3 := (s0+1)&3, (s0+2)&3, (s0+3)&3
		h0, h1, h2, h3 := t.Hands[s0], t.Hands[s1], t.Hands[s2], t.Hands[s3]
		b0, b1, b2, b3 := Hand(1)<<(w&63), Hand(1)<<(w>>8&63), Hand(1)<<(w>>16&63), Hand(1)<<(w>>24&63)
		// Every card held, and a card off the led suit only from a hand
		// void in it.
		led := suitMasks[w>>4&3]
		if w&0xc0c0c0c0 != 0 || h0&b0 == 0 || h1&b1 == 0 || h2&b2 == 0 || h3&b3 == 0 ||
			b1&led == 0 && h1&led != 0 || b2&led == 0 && h2&led != 0 || b3&led == 0 && h3&led != 0 {
			t.refused = true
			break
		}
		t.Hands[s0], t.Hands[s1], t.Hands[s2], t.Hands[s3] = h0&^b0, h1&^b1, h2&^b2, h3&^b3
		k := len(play)
		play = play[:k+4]
		p := (*[4]Play)(play[k:])
		p[0], p[1], p[2], p[3] = Play{Seat: s0, Card: Card(w)}, Play{Seat: s1, Card: Card(w >> 8)},
			Play{Seat: s2, Card: Card(w >> 16)}, Play{Seat: s3, Card: Card(w >> 24)}
		leader = (s0 + Seat(bestByte(trickScores(w, t.Trump)))) & 3
		wins = wins>>2 | uint32(leader)<<30 // (no shift by a count: one register less)
		n++
	}
	t.Leader, t.wins, t.n = leader, wins, n
	return play
}

// Played returns the number of tricks played.
func (t *Tricks) Played() int { return t.n }

// Winners returns the seat that won each trick played, two bits a trick
// (trick 1 in the lowest bits).
func (t *Tricks) Winners() uint32 {
	return t.wins >> (32 - 2*t.n) // (0 when no trick: a shift by 32 is 0)
}

// Won returns the number of tricks played that the side of seat s won.
func (t *Tricks) Won(s Seat) int {
	// A winner's lowest bit is its side's.
	ew := bits.OnesCount32(t.Winners() & 0x55555555)
	if s&1 == 1 {
		return ew
	}
	return t.n - ew
}

// suitMasks holds the cards of each suit.
var suitMasks = [4]Hand{suitMask, suitMask << 16, suitMask << 32, suitMask << 48}

// regularPlay is what Tricks.Regular records on a Board: the winners of
// its tricks and what they were found for (the Play by its first card
// and length, the trumps).
type regularPlay struct {
	wins   uint32
	tricks int
	trump  Strain
	first  *Play
}

// Regular records on b that b.Play is the whole play that t replayed from
// b.Deal, with b's four hands given and the Contract's trumps: every card
// held by the seat in turn, suit followed, each trick led by the winner
// of the one before (and no marks, as the engine's tricks have none). It
// records nothing when that is not so (a trick Run refused, other trumps,
// a hand not given, a Play of another length). Readers call it once the
// play is built.
func (t *Tricks) Regular(b *Board) {
	if t.n > 0 && !t.refused && len(b.Play) == 4*t.n && b.Given == [4]bool{true, true, true, true} &&
		b.HasContract && b.Contract.Strain == t.Trump {
		b.regular = regularPlay{wins: t.Winners(), tricks: t.n, trump: t.Trump, first: &b.Play[0]}
	}
}

// Regular reports whether the trick engine found the board's play regular
// when it was read (Tricks.Regular), and then the seat that won each
// trick, two bits a trick (trick 1 in the lowest bits): package analyze
// need not replay a board that has no failure to follow suit. A Board
// whose Play is replaced by another slice or cut, or whose trumps change,
// is not regular (a copy with a new Play is replayed); Play's cards and
// the hands as read are never changed in place.
func (b *Board) Regular() (winners uint32, ok bool) {
	r := &b.regular
	if r.tricks == 0 || len(b.Play) != 4*r.tricks || &b.Play[0] != r.first || b.Contract.Strain != r.trump {
		return 0, false
	}
	return r.wins, true
}

// PlayWord returns the four cards of a trick in the bytes of a word, the
// first in the lowest (the form Tricks.Run takes).
func PlayWord(c0, c1, c2, c3 Card) uint32 {
	return uint32(c0) | uint32(c1)<<8 | uint32(c2)<<16 | uint32(c3)<<24
}
