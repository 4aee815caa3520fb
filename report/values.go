package report

import (
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

// shown returns the cell of column key as the workbook shows it: a code
// of shownKeys in the printer's language, anything else as x.value does.
func (x *XLSX) shown(key string, c cell) any {
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
