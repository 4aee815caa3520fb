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
}

// cardKeys are the columns of suits and cards, shown in the card
// notation of the printer's language (Dutch: suits S H R K, ranks A H V
// B 10: "HQ" is "HV", "D7" is "R7").
var cardKeys = map[string]bool{"led": true, "card": true, "held": true}

// cardNotationKey is the catalog key of the card notation: the suit
// letters, then the rank letters, each in the order of the key.
const cardNotationKey = "card notation: suits S H D C, ranks A K Q J T"

// cardNotation rewrites suits and cards from the codes into a language's
// notation; nil when the language writes them as the codes.
type cardNotation struct {
	suits map[string]string
	cards *strings.Replacer
}

// newCardNotation reads the printer's notation from the catalog.
func newCardNotation(p *message.Printer) *cardNotation {
	t := tr(p, cardNotationKey)
	suitPart, rankPart, ok := strings.Cut(t, ", ")
	suits, ranks := strings.Fields(suitPart), strings.Fields(rankPart)
	if t == cardNotationKey || !ok || len(suits) != 4 || len(ranks) != 5 {
		return &cardNotation{}
	}
	n := &cardNotation{suits: map[string]string{}}
	var pairs []string
	for i, su := range []string{"S", "H", "D", "C"} {
		n.suits[su] = suits[i]
		for r := 2; r <= 9; r++ {
			pairs = append(pairs, su+strconv.Itoa(r), suits[i]+strconv.Itoa(r))
		}
		for j, rk := range []string{"A", "K", "Q", "J", "T"} {
			pairs = append(pairs, su+rk, suits[i]+ranks[j])
		}
	}
	n.cards = strings.NewReplacer(pairs...)
	return n
}

// show returns a suit ("led") or cards ("card", "held") in the notation.
func (n *cardNotation) show(key, s string) string {
	if n.cards == nil {
		return s
	}
	if key == "led" {
		if t, ok := n.suits[s]; ok {
			return t
		}
		return s
	}
	return n.cards.Replace(s)
}

// shown returns the cell of column key as the workbook shows it: a code
// of shownKeys in the printer's language, suits and cards in its card
// notation, anything else as x.value does.
func (x *XLSX) shown(key string, c cell) any {
	if cardKeys[key] && (c.kind == code || c.kind == list) {
		if x.cards == nil {
			x.cards = newCardNotation(x.p)
		}
		return x.value(cell{kind: c.kind, s: x.cards.show(key, c.s)})
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
