package report

// Texts of the Rulings sheet: cards, seats, contracts, calls and the
// article statements, in the printer's language.

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/message"

	"revokes/analyze"
	"revokes/pbn"
)

// suitSymbol returns ♠, ♥, ♦ or ♣.
func suitSymbol(s pbn.Suit) string {
	return [...]string{"♠", "♥", "♦", "♣"}[s&3]
}

// red reports whether the suit is printed red.
func red(s pbn.Suit) bool { return s == pbn.Hearts || s == pbn.Diamonds }

// rankText returns the rank as players of the printer's language write
// it: 10 for the ten; A K Q J in English, A H V B in Dutch (aas, heer,
// vrouw, boer).
func rankText(p *message.Printer, r pbn.Rank) string {
	switch {
	case r == pbn.Ten:
		return "10"
	case r >= pbn.Jack && r <= pbn.Ace:
		honours := tr(p, "AKQJ") // the honours' letters, ace first
		if i := int(pbn.Ace - r); len(honours) == 4 {
			return honours[i : i+1]
		}
	}
	return r.String()
}

// cardText returns a card as "♥10" (a suit symbol, never a letter: "SA"
// would read as sans atout in Dutch); "?" for an unknown card.
func cardText(p *message.Printer, c pbn.Card) string {
	if !c.Valid() {
		return "?"
	}
	return suitSymbol(c.Suit()) + rankText(p, c.Rank())
}

// withCode writes an explanation in the reader's language first and its
// code after, in brackets: the words lead, the code is for searching.
func withCode(text, code string) string {
	return text + " (" + code + ")"
}

// roomText returns a PBN Room value in the printer's language: the usual
// Open and Closed are translated, any other name stays as recorded.
func roomText(p *message.Printer, room string) string {
	switch strings.ToLower(strings.TrimSpace(room)) {
	case "open":
		return tr(p, "Open room")
	case "closed":
		return tr(p, "Closed room")
	}
	return cleanText(room)
}

// contractCodeText writes a contract code of the report ("3NT", "4HX")
// as players of the printer's language read it: "3SA", "4♥X".
func contractCodeText(p *message.Printer, code string) string {
	if len(code) < 2 || code[0] < '1' || code[0] > '7' {
		return code
	}
	strain, doubles := code[1:], ""
	if i := strings.IndexByte(strain, 'X'); i > 0 {
		strain, doubles = strain[:i], strain[i:]
	}
	switch su, ok := pbn.ParseSuit(strain[0]); {
	case strain == "NT":
		strain = tr(p, "NT")
	case ok && len(strain) == 1:
		strain = suitSymbol(su)
	default:
		return code
	}
	return code[:1] + strain + doubles
}

// seatName returns the seat's name in the printer's language.
func seatName(p *message.Printer, s pbn.Seat) string {
	return tr(p, [...]string{"North", "East", "South", "West"}[s&3])
}

// seatLetter returns the seat's letter in the printer's language (N O Z W
// in Dutch).
func seatLetter(p *message.Printer, s pbn.Seat) string {
	return tr(p, [...]string{"N", "E", "S", "W"}[s&3])
}

// sideName returns the name of the side of seat s.
func sideName(p *message.Printer, s pbn.Seat) string {
	if s.NS() {
		return tr(p, "North-South")
	}
	return tr(p, "East-West")
}

// strainText returns the strain as a symbol, or NT in the language.
func strainText(p *message.Printer, s pbn.Strain) string {
	if su, ok := s.Trump(); ok {
		return suitSymbol(su)
	}
	return tr(p, "NT")
}

// contractText returns "6♠ by South" (doubled: "4♥X").
func contractText(p *message.Printer, bd *pbn.Board) string {
	if !bd.HasContract {
		return tr(p, "not recorded")
	}
	c := bd.Contract
	if c.PassedOut() {
		return tr(p, "passed out")
	}
	s := fmt.Sprintf("%d%s%s", c.Level, strainText(p, c.Strain), "XX"[:c.Doubled])
	if bd.HasDeclarer {
		s = tr(p, "%s by %s", s, seatName(p, bd.Declarer))
	}
	return s
}

// vulText returns the vulnerability in the language.
func vulText(p *message.Printer, bd *pbn.Board) string {
	if bd.Tag("Vulnerable") == "" {
		return "—"
	}
	return shownCode(p, bd.Vul.String()) // values.go: None, NS, EW, All
}

// callText returns a call as players write it: "1♥", "pass", "X".
func callText(p *message.Printer, c string) (string, bool) {
	switch c {
	case "Pass":
		return tr(p, "pass"), false
	case "X", "XX":
		return c, false
	}
	if len(c) >= 2 && c[0] >= '1' && c[0] <= '7' {
		if c[1:] == "NT" {
			return c[:1] + tr(p, "NT"), false
		}
		if su, ok := pbn.ParseSuit(c[1]); ok && len(c) == 2 {
			return c[:1] + suitSymbol(su), red(su)
		}
	}
	return c, false
}

// withName returns "East (Carla Visser)", or "East" without a name.
func withName(p *message.Printer, bd *pbn.Board, s pbn.Seat) string {
	if n := cleanText(bd.Players[s&3]); n != "" {
		return seatName(p, s) + " (" + n + ")"
	}
	return seatName(p, s)
}

// orDash returns s, or "—" when it is empty.
func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return cleanText(s)
}

// lines returns the lines a text takes in a wrapped cell of width chars.
func lines(s string, width int) int {
	n := 0
	for _, para := range strings.Split(s, "\n") {
		n += max(1, (utf8.RuneCountInString(para)+width-1)/width)
	}
	return n
}

// articleText returns the one-sentence statement of the article cited in
// rule under edition e (an English catalog key), or "" when there is
// none. The statements are keyed by what the article does in the
// edition's table (analyze.Articles), so that they follow the editions'
// data.
func articleText(e *analyze.Edition, rule string) string {
	art, ok := strings.CutPrefix(rule, e.Name+" ")
	if !ok {
		return ""
	}
	a := e.Art
	switch e.Formula {
	case analyze.PerSide: // 1936 §27
		switch art {
		case a.Won, a.NotWon, a.NoTrick:
			return "For an established revoke the offending side gives up two of the tricks it won from its first revoke on, and one more for each later revoke, as far as it won such tricks."
		case a.Dummy:
			return "A revoke from dummy or from another hand exposed at the time carries no penalty."
		case a.AfterRound:
			return "There is no penalty when it is claimed only after the cut for the next deal."
		case a.Trick12, a.NotEstablished:
			return "A revoke is established when the offender or his partner leads or plays to the next trick; a revoke in trick 12 is never established and must be corrected."
		}
	case analyze.SideBased: // 1963, 1975 art. 62-64
		switch art {
		case a.Won, a.NotWon:
			return "After an established revoke two tricks go to the other side when the offending side won two or more tricks from the revoke trick on, otherwise one."
		case a.NoTrick:
			return "There is no penalty when the offending side won neither the revoke trick nor any later trick."
		case a.SameSuit:
			return "There is no penalty when the same player had already revoked in the same suit."
		case a.Dummy:
			return "There is no penalty for failing to play a card of dummy or of another exposed hand."
		case a.AfterRound:
			return "There is no penalty when attention is first drawn to the revoke after the round has ended."
		case a.Trick12:
			return "A revoke in trick 12 is never established: it is corrected, before the hands go back into the board."
		case a.NotEstablished:
			return "A revoke is established when the offender or his partner leads or plays to the next trick, or claims or concedes."
		}
	case analyze.PlayerBased: // 1987 onward, Laws 62-64
		switch art {
		case a.Won:
			return "When the offender won the revoke trick, that trick and one later trick won by the offending side are transferred."
		case a.NotWon:
			if e.ExtraTrick {
				return "When the offender did not win the revoke trick, one trick won by the offending side from the revoke trick on is transferred, and one more when the offender later won a trick with a card of the suit he withheld."
			}
			return "When the offender did not win the revoke trick, one trick won by the offending side from the revoke trick on is transferred."
		case a.NoTrick:
			return "There is no automatic trick transfer when the offending side won no trick from the revoke trick on; the director restores equity when needed (Law 64C)."
		case a.SameSuit:
			return "There is no automatic trick transfer for a second revoke by the same player in the same suit; the director restores equity when needed (Law 64C)."
		case a.Dummy:
			return "There is no automatic trick transfer for a revoke in failing to play a card of dummy or of another exposed hand."
		case a.AfterRound:
			return "There is no automatic trick transfer when attention is first drawn to the revoke after the round has ended."
		case a.Trick12:
			return "A revoke in trick 12 must be corrected, even when established, as long as the hands have not gone back into the board: tricks 12 and 13 are played again with the offender following suit."
		case a.BothSides:
			return "There is no automatic trick transfer when both sides have revoked on the board; the director restores equity."
		case a.NotEstablished:
			return "A revoke is established when the offender or his partner leads or plays to the next trick, or makes or agrees to a claim or concession."
		case a.Trick12Late:
			return "There is no rectification for a revoke in trick 12 noticed too late to correct; the director restores equity when needed (Law 64C)."
		}
	}
	return ""
}

// articleName returns the article as cited to people: "Law 64A1" (1987
// on), else as written ("art. 64", "§27.4").
func articleName(p *message.Printer, e *analyze.Edition, rule string) string {
	art := strings.TrimPrefix(rule, e.Name+" ")
	if e.Formula == analyze.PlayerBased {
		return tr(p, "Law %s", art)
	}
	return art
}

// flagText explains a flag to a player (an English catalog key).
var flagText = map[string]string{
	analyze.FlagEquityReview:  "The director should check that the non-offending side got back what the revoke cost it, and adjust the score if not (Law 64C).",
	analyze.FlagEquityShort:   "The double-dummy estimate says the revoke gained more tricks than were transferred: the non-offending side may be short of its due (Law 64C).",
	analyze.FlagTrick12:       "The revoke was in trick 12: instead of a transfer, tricks 12 and 13 were replayed with the offender following suit.",
	analyze.FlagAllocationCap: "The offending side had too few tricks left to transfer all that the rule asks: this revoke got fewer.",
	analyze.FlagBothSides:     "Both sides revoked on this board.",
	analyze.FlagUnverified:    "The text of this edition was not available: its rule is taken from the nearest edition whose text is known.",
	analyze.FlagClaimAssumed:  "The claim was taken to establish the revoke; the laws of this edition do not say so for every claim.",
	analyze.FlagMarked:        "The record itself marks this card as a revoke.",
	analyze.FlagDuplicate:     "This board was read before (the same event, board, room, deal, players and play): this later copy is left out of every count and statistic.",
}
