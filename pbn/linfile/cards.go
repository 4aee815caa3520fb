// LIN reading: the cards (pc), with the quick paths for runs of cards and whole trick rows.

package linfile

import (
	"encoding/binary"

	"revokes/pbn"
)

// The usual trick row of a LIN file, "pc|S4|pc|SA|pc|S2|pc|SK|pg||", is
// read by linTrickRows as four little-endian words (8, 8, 8 and 4 bytes) instead of five
// tokens: the fixed bytes are checked by mask, the cards are picked out of
// the words. linRow* hold, per word, the bits to set before the check
// (0x20 on the key letters, which may be in either case), the bits to keep
// (the fixed bytes) and the value they must have.
const (
	// Bytes 0-7: "pc|" suit rank "|pc".
	linRowFold0 = 0x2020_0000_0000_2020
	linRowMask0 = 0xffff_ff00_00ff_ffff
	linRowWant0 = 0x6370_7c00_007c_6370
	// Bytes 8-15: "|" suit rank "|pc|" suit.
	linRowFold1 = 0x0000_2020_0000_0000
	linRowMask1 = 0x00ff_ffff_ff00_00ff
	linRowWant1 = 0x007c_6370_7c00_007c
	// Bytes 16-23: rank "|pc|" suit rank "|".
	linRowFold2 = 0x0000_0000_2020_0000
	linRowMask2 = 0xff00_00ff_ffff_ff00
	linRowWant2 = 0x7c00_007c_6370_7c00
	// Bytes 24-27: "pg||".
	linRowFold3 = 0x0000_2020
	linRowWant3 = 0x7c7c_6770
)

// linRowLen is the length of a trick row.
const linRowLen = 28

// linSuitBits and linRankBits map a byte to the suit (its bits in a Card)
// and to the rank of a card; a byte that is neither gives linRowBad, so
// that one test on the cards of a row finds any bad one.
var linSuitBits, linRankBits = func() (s, r [256]uint16) {
	for i := range 256 {
		s[i], r[i] = linRowBad, linRowBad
		if su := pbn.SuitCode(byte(i)); su != 0 {
			s[i] = uint16(su-1) << 4
		}
		if rk := pbn.RankCode(byte(i)); rk != 0 {
			r[i] = uint16(rk)
		}
	}
	return
}()

// linRowBad marks a byte that is not a suit (or not a rank).
const linRowBad = 0x100

// linTrickRows reads the trick rows at the start of buf, as long as they
// come and cards has room for their cards: it returns cards with them
// appended and the number of bytes read.
func linTrickRows(buf []byte, cards []pbn.Card) ([]pbn.Card, int) {
	n := 0
	for n+linRowLen <= len(buf) && len(cards)+4 <= linMaxCards {
		t := buf[n : n+linRowLen : n+linRowLen]
		w0 := binary.LittleEndian.Uint64(t[0:8])
		w1 := binary.LittleEndian.Uint64(t[8:16])
		w2 := binary.LittleEndian.Uint64(t[16:24])
		w3 := binary.LittleEndian.Uint32(t[24:28])
		if (w0|linRowFold0)&linRowMask0 != linRowWant0 ||
			(w1|linRowFold1)&linRowMask1 != linRowWant1 ||
			(w2|linRowFold2)&linRowMask2 != linRowWant2 ||
			w3|linRowFold3 != linRowWant3 {
			break
		}
		c0 := linSuitBits[byte(w0>>24)] | linRankBits[byte(w0>>32)]
		c1 := linSuitBits[byte(w1>>8)] | linRankBits[byte(w1>>16)]
		c2 := linSuitBits[byte(w1>>56)] | linRankBits[byte(w2)]
		c3 := linSuitBits[byte(w2>>40)] | linRankBits[byte(w2>>48)]
		if (c0|c1|c2|c3)&linRowBad != 0 {
			break
		}
		cards = append(cards, pbn.Card(c0), pbn.Card(c1), pbn.Card(c2), pbn.Card(c3))
		n += linRowLen
	}
	return cards, n
}

// cardRun reads a run of "pc|XX|" and "pg||" pairs in the buffer: most of
// a LIN file. Whole usual trick rows are read at once (linTrickRows).
func (r *Reader) cardRun() {
	buf := r.buf[r.r:r.w]
	c := &r.cur
	n := 0
	// Four bytes at a time: "pc|S" then "A|", or "pg||" (either case).
	const pc, pg = 'p' | 'c'<<8 | '|'<<16, 'p' | 'g'<<8 | '|'<<16 | '|'<<24
	cards := c.cards
	for n+6 <= len(buf) {
		var k int
		if cards, k = linTrickRows(buf[n:], cards); k > 0 {
			n += k
			continue
		}
		t := buf[n : n+6 : n+6] // one bounds check for the token
		w := binary.LittleEndian.Uint32(t) | 0x2020
		if w == pg {
			n += 4
			continue
		}
		su, rk := pbn.SuitCode(t[3]), pbn.RankCode(t[4])
		if w&0xffffff != pc || t[5] != '|' || su == 0 || rk == 0 || len(cards) >= linMaxCards {
			break
		}
		cards = append(cards, pbn.Card((su-1)<<4|rk))
		n += 6
	}
	if n == 0 {
		return
	}
	c.markLine(r.line) // for the cards from len(c.cards) on
	c.cards = cards
	r.r += n
	r.lastKey = linPC
	r.count(n)
}

// linCard reads a card written suit then rank (or rank then suit), either
// case, "10" for the ten.
func linCard(t []byte) (pbn.Card, bool) {
	switch len(t) {
	case 2:
		if s, rk := pbn.SuitCode(t[0]), pbn.RankCode(t[1]); s != 0 && rk != 0 {
			return pbn.Card((s-1)<<4 | rk), true
		}
		if s, rk := pbn.SuitCode(t[1]), pbn.RankCode(t[0]); s != 0 && rk != 0 {
			return pbn.Card((s-1)<<4 | rk), true
		}
	case 3:
		if s, ok := pbn.ParseSuit(t[0]); ok && t[1] == '1' && t[2] == '0' {
			return pbn.NewCard(s, pbn.Ten), true
		}
		if s, ok := pbn.ParseSuit(t[2]); ok && t[0] == '1' && t[1] == '0' {
			return pbn.NewCard(s, pbn.Ten), true
		}
	}
	return pbn.NoCard, false
}

// card reads a pc value: one card, or (tolerated, with a warning) several
// cards packed together.
func (r *Reader) card(v []byte, line int) {
	t := linTrim(v)
	if len(t) == 0 {
		r.warn(line, "empty-value", pbn.Msg("empty pc skipped"))
		return
	}
	if card, ok := linCard(t); ok {
		r.addCard(card, line)
		return
	}
	if len(t)%2 == 0 && len(t) <= 2*linMaxCards {
		for i := 0; i < len(t); i += 2 {
			if _, ok := linCard(t[i : i+2]); !ok {
				goto bad
			}
		}
		r.warn(line, "packed-cards", pbn.Msg("several cards %q in one pc", linShort(t)))
		for i := 0; i < len(t); i += 2 {
			card, _ := linCard(t[i : i+2])
			r.addCard(card, line)
		}
		return
	}
bad:
	// laws.md A12: an unreadable card stops the play; the board is read
	// on, and the cards before it stand.
	if c := &r.cur; c.bad == "" {
		c.bad, c.badLine = linShort(v), line
	}
}

// addCard appends a played card.
func (r *Reader) addCard(card pbn.Card, line int) {
	c := &r.cur
	if c.bad != "" {
		return // (after an unreadable card)
	}
	if len(c.cards) >= linMaxCards {
		if len(c.cards) == linMaxCards {
			r.warn(line, "too-many-cards", pbn.Msg("more than %d cards played; the rest is skipped", linMaxCards))
			c.cards = append(c.cards, pbn.NoCard)
		}
		return
	}
	c.markLine(line)
	c.cards = append(c.cards, card)
}
