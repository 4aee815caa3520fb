package report

import (
	"strings"

	"golang.org/x/text/message"

	"revokes/analyze"
)

// assessmentKeys are the English names of the assessments (catalog keys),
// by analyze.Assessment: what a person reads in the workbook (laws.md A14).
var assessmentKeys = [...]string{"plausible", "suspect", "undetermined"}

// evidenceKeys explain the evidence codes to a person (catalog keys), in
// the order of analyze.EvidenceCodes.
var evidenceKeys = [...]string{
	"several players fail to follow in this trick",
	"the lead is the only card of its suit in this trick",
	"the offender held the same rank in the led suit and never played it",
	"dummy's card (an exposed hand)",
	"the contract came from the auction against the Contract tags, or from the LIN rs result against the auction",
	"the reader gave the cards of this or an earlier trick to their holders one by one",
	"the play is cut in this trick or the next (a card not held, played twice or unreadable)",
	"the last trick the record holds",
}

// assessmentText returns the assessment in the printer's language.
func assessmentText(p *message.Printer, a analyze.Assessment) string {
	return tr(p, assessmentKeys[a%3])
}

// evidenceText returns the evidence explained in the printer's language,
// joined with "; ".
func evidenceText(p *message.Printer, e analyze.Evidence) string {
	var b strings.Builder
	for i, k := range evidenceKeys {
		if e&(1<<i) == 0 {
			continue
		}
		if b.Len() > 0 {
			b.WriteString("; ")
		}
		b.WriteString(tr(p, k))
	}
	return b.String()
}

// keyIndex returns the column of key in revokeKeys.
func keyIndex(key string) int {
	for i, k := range revokeKeys {
		if k == key {
			return i
		}
	}
	panic("report: no revoke key " + key)
}

// The columns of the assessment and its evidence in revokeKeys.
var assessCol, evidenceCol = keyIndex("assessment"), keyIndex("evidence")
