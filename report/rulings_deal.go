package report

// The deal of a ruling page: four hands around a compass, the offender's
// hand marked, the revoke card and the cards he withheld underlined.

import (
	"strings"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/message"

	"revokes/analyze"
	"revokes/pbn"
)

// deal adds the deal diagram: North on top, West and East beside the
// compass card, South below; the offender's hand shaded and his name
// marked; in it the revoke card and the cards of the led suit he still
// held are bold and underlined.
func (g *rulings) deal(b *block, f *analyze.Findings, r *analyze.Revoke) {
	p, bd := g.p, f.Board
	b.add(sectionHeight).set(1, 10, tr(p, "Deal"), g.st.section)
	hands, known := diagramHands(bd)
	first := len(b.rows)
	for k := 0; k < 15; k++ {
		b.add(lineHeight)
	}
	row := func(k int) *blockRow { return &b.rows[first+k] }
	// hand writes seat s's name at row k and its suits below, in columns c1..c2.
	hand := func(s pbn.Seat, k, c1, c2 int) {
		name := withName(p, bd, s)
		st, hst := g.st.name, g.st.hand
		if s == r.Offender {
			name = tr(p, "%s: revoked", name)
			st, hst = g.st.offName, g.st.offHand
		}
		if !known[s] {
			name += " " + tr(p, "(cards played only)")
		}
		row(k).set(c1, c2, name, st)
		for su := pbn.Spades; su <= pbn.Clubs; su++ {
			row(k+1+int(su)).set(c1, c2, g.suitRuns(hands[s], su, s == r.Offender, r), hst)
		}
	}
	hand(pbn.North, 0, 4, 7)
	hand(pbn.West, 5, 1, 3)
	hand(pbn.East, 5, 8, 10)
	hand(pbn.South, 10, 4, 7)
	// The compass card.
	row(5).set(4, 7, seatLetter(p, pbn.North), g.st.compass)
	for k := 6; k <= 8; k++ {
		row(k).put(4, 4, seatLetter(p, pbn.West), g.st.compass)
		row(k).put(5, 6, nil, g.st.compassBig)
		row(k).put(7, 7, seatLetter(p, pbn.East), g.st.compass)
	}
	row(6).put(5, 6, tr(p, "Board %s", orDash(bd.Tag("Board"))), g.st.compassBig)
	row(9).set(4, 7, seatLetter(p, pbn.South), g.st.compass)
	b.vmerg = append(b.vmerg,
		[4]int{first + 6, 4, first + 8, 4},
		[4]int{first + 6, 5, first + 8, 6},
		[4]int{first + 6, 7, first + 8, 7},
	)
	// Corners: the board's facts top left, the revoke top right, the key
	// bottom right.
	corner := []string{
		tr(p, "Dealer: %s", seatLetterOr(p, bd)),
		tr(p, "Vulnerable: %s", vulText(p, bd)),
		tr(p, "Contract: %s", contractText(p, bd)),
	}
	for k, s := range corner {
		row(k).set(1, 3, s, g.st.cornerLabel)
	}
	rv := []string{
		tr(p, "Trick %d: %s led", r.Trick, suitSymbol(r.Led)),
		tr(p, "%s played %s", seatName(p, r.Offender), cardText(p, r.Card)),
		tr(p, "still holding %s", heldText(p, r.Held)),
	}
	for k, s := range rv {
		row(k).set(8, 10, s, g.st.cornerLabel)
	}
	row(11).put(8, 10, tr(p, "Underlined: the revoke card and the cards of the led suit the offender still held."), g.st.note)
	for k := 12; k <= 14; k++ {
		row(k).put(8, 10, nil, g.st.note)
	}
	b.vmerg = append(b.vmerg, [4]int{first + 11, 8, first + 14, 10})
}

// seatLetterOr returns the dealer's name, or "—".
func seatLetterOr(p *message.Printer, bd *pbn.Board) string {
	if !bd.HasDealer {
		return "—"
	}
	return seatName(p, bd.Dealer)
}

// heldText returns the held cards as "♥Q ♥4".
func heldText(p *message.Printer, h pbn.Hand) string {
	cs := h.Cards()
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[len(cs)-1-i] = cardText(p, c) // high first
	}
	return strings.Join(parts, " ")
}

// diagramHands returns the hands as dealt: the given ones, a single hidden
// hand as the cards no other hand holds, and any other hidden hand as the
// cards it played (known[s] false).
func diagramHands(bd *pbn.Board) (hands pbn.Deal, known [4]bool) {
	var seen pbn.Hand
	hidden := 0
	for s := pbn.North; s <= pbn.West; s++ {
		if bd.Given[s] {
			hands[s], known[s] = bd.Deal[s], true
			seen |= bd.Deal[s]
		} else {
			hidden++
		}
	}
	for s := pbn.North; s <= pbn.West; s++ {
		switch {
		case known[s]:
		case hidden == 1:
			hands[s], known[s] = pbn.FullHand&^seen, true
		default:
			for _, pl := range bd.Play {
				if pl.Seat == s && pl.Card.Valid() {
					hands[s] = hands[s].With(pl.Card)
				}
			}
		}
	}
	return hands, known
}

// The fonts of the rich text runs of a page (hands and play), made once
// and shared by every run: a page holds a few hundred runs, and the pages
// kept for the end of the sheet (rulings.later) hold theirs until then.
// excelize only reads them.
var (
	fontPlain      = &excelize.Font{Family: rulingFont, Size: 10}
	fontRed        = &excelize.Font{Family: rulingFont, Size: 10, Color: colRed}
	fontSeat       = &excelize.Font{Family: rulingFont, Size: 8, Color: colGrey}
	fontRevokeCard = &excelize.Font{Family: rulingFont, Size: 10, Bold: true, Underline: "double", Color: colRed}
	fontHeldCard   = &excelize.Font{Family: rulingFont, Size: 10, Bold: true, Underline: "single", Color: "C55A11"}
)

// cardFont is the font of a card or suit symbol: red for hearts and
// diamonds.
func cardFont(isRed bool) *excelize.Font {
	if isRed {
		return fontRed
	}
	return fontPlain
}

// suitRuns returns one suit of a hand as rich text: the symbol (red for
// hearts and diamonds), then the ranks high to low; in the offender's
// hand the revoke card and the withheld cards of the led suit are bold
// and underlined (the revoke card twice).
func (g *rulings) suitRuns(h pbn.Hand, su pbn.Suit, offender bool, r *analyze.Revoke) []excelize.RichTextRun {
	runs := []excelize.RichTextRun{{Text: suitSymbol(su) + " ", Font: cardFont(red(su))}}
	plain := ""
	flush := func() {
		if plain != "" {
			runs = append(runs, excelize.RichTextRun{Text: plain, Font: fontPlain})
			plain = ""
		}
	}
	for rk := pbn.Ace; rk >= 2; rk-- {
		c := pbn.NewCard(su, rk)
		if !h.Has(c) {
			continue
		}
		switch {
		case offender && c == r.Card:
			flush()
			runs = append(runs, excelize.RichTextRun{Text: rankText(g.p, rk), Font: fontRevokeCard})
		case offender && r.Held.Has(c):
			flush()
			runs = append(runs, excelize.RichTextRun{Text: rankText(g.p, rk), Font: fontHeldCard})
		default:
			plain += rankText(g.p, rk)
		}
		if rk > 2 {
			plain += " "
		}
	}
	flush()
	if h.Suit(su) == 0 {
		runs = append(runs, excelize.RichTextRun{Text: "—", Font: fontPlain})
	}
	return runs
}
