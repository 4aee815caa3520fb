package report

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/message"
)

// shownKeys are the columns whose codes the workbook shows in the
// reader's language (output.md: seats N/O/Z/W in Dutch, vulnerability,
// roles, severities, established_by); the CSV and JSON Lines reports keep
// the codes. Each code is its own catalog key: the English sheet shows the
// code, as before.
var shownKeys = map[string]bool{
	"dealer": true, "declarer": true, "offender": true, "won_by": true,
	"vulnerable": true, "role": true, "established_by": true, "severity": true,
	"not_applied": true,
}

// shownCodes are the catalog keys of the codes of shownKeys, by code.
// Seats are "N", "E", "S", "W" (catalog_rulings_nl.go); established_by
// "none" is the rulings' "none".
var shownCodes = map[string]string{
	"N": "N", "E": "E", "S": "S", "W": "W",
	"None": "None", "NS": "NS", "EW": "EW", "All": "All",
	"declarer": "declarer", "dummy": "dummy", "defender": "defender",
	"next-trick": "next-trick", "claim": "claim", "none": "none",
	"error": "error", "warning": "warning",
	// not_applied (laws.md A24)
	"suspect": "suspect", "undetermined": "undetermined", "not-established": "not-established",
	"decision": "decision", "already-in-result": "already-in-result",
}

// cardKeys are the columns of suits and cards, shown in the card
// notation of the printer's language (Dutch: suit symbols, ranks A H V
// B 10: "HQ" is "♥V", "D7" is "♦7").
var cardKeys = map[string]bool{"led": true, "card": true, "held": true,
	"contract": true, "auction": true, "trick_cards": true}

// strainNotationKey is the catalog key of the strains of contracts and
// bids, in the order of the key.
const strainNotationKey = "contract notation: strains C D H S NT"

// cardNotationKey is the catalog key of the card notation: the suit
// letters, then the rank letters, each in the order of the key.
const cardNotationKey = "card notation: suits S H D C, ranks A K Q J T"

// cardNotation rewrites suits and cards from the codes into a language's
// notation; nil when the language writes them as the codes.
type cardNotation struct {
	suits   map[string]string
	cards   *strings.Replacer
	strains map[string]string // "C" … "NT"
	pass    string
	seats   map[string]string
	ranks   map[byte]string // 'K' → "H" …, 'T' → "10"
}

// newCardNotation reads the printer's notation from the catalog.
func newCardNotation(p *message.Printer) *cardNotation {
	t := tr(p, cardNotationKey)
	suitPart, rankPart, ok := strings.Cut(t, ", ")
	suits, ranks := strings.Fields(suitPart), strings.Fields(rankPart)
	if t == cardNotationKey || !ok || len(suits) != 4 || len(ranks) != 5 {
		return &cardNotation{}
	}
	n := &cardNotation{suits: map[string]string{}, ranks: map[byte]string{}}
	var pairs []string
	for i, su := range []string{"S", "H", "D", "C"} {
		n.suits[su] = suits[i]
		for r := 2; r <= 9; r++ {
			pairs = append(pairs, su+strconv.Itoa(r), suits[i]+strconv.Itoa(r))
		}
		for j, rk := range []string{"A", "K", "Q", "J", "T"} {
			pairs = append(pairs, su+rk, suits[i]+ranks[j])
			n.ranks[rk[0]] = ranks[j]
		}
	}
	n.cards = strings.NewReplacer(pairs...)
	n.strains = map[string]string{}
	strains := strings.Fields(tr(p, strainNotationKey))
	for i, st := range []string{"C", "D", "H", "S", "NT"} {
		n.strains[st] = st
		if len(strains) == 5 {
			n.strains[st] = strains[i]
		}
	}
	n.pass = tr(p, "pass")
	n.seats = map[string]string{}
	for _, se := range []string{"N", "E", "S", "W"} {
		n.seats[se] = shownCode(p, se)
	}
	return n
}

// call returns a bid or a contract ("1H", "3NT", "4SX", "Pass") in the
// notation; calls it does not know stay as they are.
func (n *cardNotation) call(c string) string {
	if strings.EqualFold(c, "pass") || c == "P" {
		return n.pass
	}
	if len(c) < 2 || c[0] < '1' || c[0] > '7' {
		return c
	}
	rest := c[1:]
	dbl := strings.TrimLeft(rest, "CDHSNT")
	strain := rest[:len(rest)-len(dbl)]
	if strain == "N" {
		strain = "NT"
	}
	t, ok := n.strains[strain]
	if !ok {
		return c
	}
	return c[:1] + t + dbl
}

// show returns a suit ("led") or cards ("card", "held") in the notation.
func (n *cardNotation) show(key, s string) string {
	if n.cards == nil {
		return s
	}
	switch key {
	case "led":
		if t, ok := n.suits[s]; ok {
			return t
		}
		return s
	case "contract":
		return n.call(s)
	case "auction":
		calls := strings.Fields(s)
		for i, c := range calls {
			calls[i] = n.call(c)
		}
		return strings.Join(calls, " ")
	case "deal": // "N:AT96.KJ976.2.KJ8 …": the seat and the ranks in the notation
		seat, hands, ok := strings.Cut(s, ":")
		if !ok {
			return s
		}
		if t, ok := n.seats[seat]; ok {
			seat = t
		}
		var b strings.Builder
		for i := 0; i < len(hands); i++ {
			if r, ok := n.ranks[hands[i]]; ok {
				b.WriteString(r)
			} else {
				b.WriteByte(hands[i])
			}
		}
		return seat + ":" + b.String()
	case "trick_cards": // "W:SK N:H3"
		plays := strings.Fields(s)
		for i, pl := range plays {
			if seat, c, ok := strings.Cut(pl, ":"); ok {
				if t, ok := n.seats[seat]; ok {
					seat = t
				}
				plays[i] = seat + ":" + n.cards.Replace(c)
			}
		}
		return strings.Join(plays, " ")
	}
	return n.cards.Replace(s)
}

// shown returns the cell of column key as the workbook shows it: a code
// of shownKeys in the printer's language, suits and cards in its card
// notation, anything else as x.value does.
func (x *XLSX) shown(key string, c cell) any {
	if key == "file" && c.kind == text {
		return x.value(textCell(x.files.show(c.s)))
	}
	if key == "deal" && c.kind == text {
		return x.value(textCell(x.notation(key, c.s)))
	}
	if key == "room" && c.kind == text { // Open and Closed in the language
		return x.value(textCell(roomText(x.p, c.s)))
	}
	if cardKeys[key] && (c.kind == code || c.kind == list) {
		return x.value(cell{kind: c.kind, s: x.notation(key, c.s)})
	}
	if c.kind == code && shownKeys[key] {
		if k, ok := shownCodes[c.s]; ok {
			return shownCode(x.p, k)
		}
	}
	return x.value(c)
}

// shownCode prints a code of shownCodes in the printer's language.
func shownCode(p *message.Printer, k string) string { return tr(p, k) }

// headerWidth returns the width of a column whose header, in the chosen
// language, is h: at least width (sized for the values), and wide enough
// that the bold header wraps between words, never inside one, in the
// three lines of the header row. Widths are in characters of the
// default font; a bold character is taken as 1.15 of one, plus a margin.
func headerWidth(h string, width float64) float64 {
	longest := 0
	for _, w := range strings.Fields(h) {
		longest = max(longest, utf8.RuneCountInString(w))
	}
	need := max(float64(longest), float64(utf8.RuneCountInString(h))/3)*1.15 + 2
	return max(width, need)
}

// notation returns s, of column key of cardKeys, in the printer's
// notation.
func (x *XLSX) notation(key, s string) string {
	if x.cards == nil {
		x.cards = newCardNotation(x.p)
	}
	return x.cards.show(key, s)
}
