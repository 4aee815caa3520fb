// Package report writes the findings of a run: JSON Lines, CSV and an Excel
// workbook, in English or Dutch.
package report

import (
	"fmt"
	"sync"

	"golang.org/x/text/message"

	"revokes/analyze"
	"revokes/pbn"
	"revokes/rescore"
)

// Writer receives a run's results in input order and writes one report.
// Board is called for every board read (with or without findings, so that
// statistics can count boards); Problem for a problem outside any board
// (an unreadable file, a record that could not be read); Close once, last.
type Writer interface {
	Board(f *analyze.Findings) error
	Problem(p pbn.Problem) error
	Close(s *Summary) error
}

// Summary is the run's totals (output.md "summary").
// Invariant: Games == GamesAnalysed + GamesSkipped.
type Summary struct {
	Files         int
	EmptyFiles    int // files of nothing but white space (counted in Files)
	Games         int
	GamesWithPlay int
	GamesAnalysed int
	GamesSkipped  int
	// GamesDuplicate counts the later copies of boards read twice
	// (laws.md A23): counted in Games, analysed or skipped, but in no
	// other count.
	GamesDuplicate int
	Revokes        int
	// The revokes by assessment (laws.md A14).
	RevokesPlausible    int
	RevokesSuspect      int
	RevokesUndetermined int
	// RevokesApplied counts the revokes that change a result (laws.md A24).
	RevokesApplied    int
	Established       int
	TricksTransferred int
	EquityShort       int
	Problems          int
	// FilesNotRecords counts the files of folders and archives, of
	// another name than .pbn or .lin, passed over because their content
	// is neither PBN nor LIN.
	FilesNotRecords int
	Edition         string // the -edition flag: "auto" or a year
	Attention       string
	Apply           string // the -apply mode: "plausible" or "all" (laws.md A24)
	Inputs          []string
	ElapsedMS       int64
	// Rescore is the re-scoring of the sessions (-rescore), nil without.
	Rescore *rescore.Result
	// Corrected is what -corrected wrote (rescoring.md §10), nil without.
	Corrected *Corrected
}

// Corrected counts the corrected copies of a run (-corrected DIR,
// rescoring.md §10).
type Corrected struct {
	Dir   string // the folder of the copies
	Files int    // corrected copies written
	LIN   int    // LIN inputs with a changed board: never copied
}

// AddBoard counts one board's findings into the summary. A later copy of
// a board (laws.md A23) counts as a game, analysed or skipped, with its
// problems, and in games_duplicate; not among the boards with play nor in
// any count of revokes.
func (s *Summary) AddBoard(f *analyze.Findings) {
	s.Games++
	if f.Analysed {
		s.GamesAnalysed++
	} else {
		s.GamesSkipped++
	}
	s.Problems += len(f.Problems)
	if f.DuplicateOf != "" {
		s.GamesDuplicate++
		return
	}
	if withPlay(f) {
		s.GamesWithPlay++
	}
	s.Revokes += len(f.Revokes)
	s.Established += f.Established()
	s.TricksTransferred += f.Transferred()
	s.RevokesApplied += f.Applied()
	for i := range f.Revokes {
		if f.Revokes[i].Has(analyze.FlagEquityShort) {
			s.EquityShort++
		}
		switch f.Revokes[i].Assessment {
		case analyze.Plausible:
			s.RevokesPlausible++
		case analyze.Suspect:
			s.RevokesSuspect++
		default:
			s.RevokesUndetermined++
		}
	}
}

// withPlay reports whether a board counts among the boards with play, the
// base of every rate: its record holds play, whether it could be analysed
// or was skipped with an error (a board whose deal or contract was lost
// is skipped, yet it is a board with play), and it is not a later copy
// of a board read before (laws.md A23). The Summary, the Statistics sheet and
// the JSON summary count boards with play by this one rule.
func withPlay(f *analyze.Findings) bool {
	return f.HasPlay && f.DuplicateOf == ""
}

// AddProblem counts a problem outside any board. A problem that stands
// for an unreadable record (Game > 0, severity error) also counts a
// skipped game, so that nothing read is lost from the totals.
func (s *Summary) AddProblem(p pbn.Problem) {
	s.Problems++
	if p.Game > 0 && p.Severity == pbn.Error {
		s.Games++
		s.GamesSkipped++
	}
}

// Text prints a message in the printer's language. Arguments that are
// messages themselves are translated first, so that a reason can carry
// another reason, and so are errors (ErrorText).
func Text(p *message.Printer, m pbn.Message) string {
	if k, ok := textKeyOf(p, m); ok {
		textMu.Lock()
		s, hit := textCache[k]
		textMu.Unlock()
		if hit {
			return s
		}
		s = format(p, m)
		textMu.Lock()
		if len(textCache) >= maxTextCache {
			clear(textCache)
		}
		textCache[k] = s
		textMu.Unlock()
		return s
	}
	return format(p, m)
}

// The texts of messages with few plain arguments are kept: the same
// problem on a million boards (a LIN archive's "no usable date") is
// formatted once. The cache is bounded; it is cleared when full.
var (
	textMu       sync.Mutex
	textCache    = make(map[textKey]string)
	maxTextCache = 4096
)

// textKey identifies a message printed by one printer.
type textKey struct {
	p      *message.Printer
	format string
	n      int
	args   [3]any
}

// textKeyOf returns the cache key of m, when its arguments are all
// short strings or integers (so comparable and cheap to hash).
func textKeyOf(p *message.Printer, m pbn.Message) (textKey, bool) {
	k := textKey{p: p, format: m.Format, n: len(m.Args)}
	if len(m.Args) > len(k.args) {
		return k, false
	}
	for i, a := range m.Args {
		switch a := a.(type) {
		case string:
			if len(a) > 64 { // keep the cache small
				return k, false
			}
			k.args[i] = a
		case int, pbn.Seat, pbn.Card, pbn.Contract:
			k.args[i] = a
		default:
			return k, false
		}
	}
	return k, true
}

// valueText writes a seat, card, contract or rank given to a message as
// players of the printer's language read it: English keeps the records'
// letters (S, HQ, 3NT, Pass), Dutch has its seat letters, suit symbols and
// ranks (Z, ♥V, 3SA, pas), so that no English letter is read in Dutch.
func valueText(p *message.Printer, v any) string {
	english := tr(p, "AKQJ") == "AKQJ" // the language writes honours as the records do
	switch v := v.(type) {
	case pbn.Seat:
		if v <= pbn.West {
			return seatLetter(p, v)
		}
	case pbn.Card:
		if !english && v.Valid() {
			return cardText(p, v)
		}
	case pbn.Rank:
		if !english {
			return rankText(p, v)
		}
	case pbn.Contract:
		switch {
		case english:
		case v.Level == 0:
			return tr(p, "pass")
		default:
			return contractCodeText(p, v.String())
		}
	}
	return fmt.Sprint(v)
}

// format is Text without the cache.
func format(p *message.Printer, m pbn.Message) string {
	args := m.Args
	for i, a := range m.Args {
		var text string
		switch a := a.(type) {
		case pbn.Message:
			text = Text(p, a)
		case error:
			text = ErrorText(p, a)
		case pbn.Seat, pbn.Card, pbn.Contract, pbn.Rank:
			text = valueText(p, a)
		default:
			continue
		}
		if &args[0] == &m.Args[0] {
			args = append([]any(nil), m.Args...)
		}
		args[i] = text
	}
	return p.Sprintf(m.Format, args...)
}
