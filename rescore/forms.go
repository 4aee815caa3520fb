package rescore

// The forms in which real exporters state values (rescoring.md §9): two
// sides in one tag, matchpoints centred on the average, artificial
// scores, per-player columns, the Scoring tag's modifiers; and the
// warning bad-stated-value for a stated text that cannot be read. This
// file reads them; stated.go, artificial.go, players.go and datum.go
// check them.

import (
	"math"
	"strconv"
	"strings"

	"revokes/pbn"
)

// Problem codes of the stated forms (severity warning).
const (
	CodeBadStated  = "bad-stated-value" // a stated text that cannot be read, or two sides that disagree
	CodeArtificial = "artificial-score" // a traveller row with an artificial score (Law 12C2)
)

// sides is a stated tag read: the value for each side it names.
type sides struct{ ns, ew stated }

// readSides reads a stated tag ("NS 110", "EW 3.5", "NS 4 EW -4",
// "EW 40 NS 60", or a number for declarer's side; rescoring.md §9). ok is
// false when the text is neither empty, "-" nor one of these forms.
func readSides(v string, decl pbn.Seat) (sides, bool) {
	var s sides
	var f []string
	for _, w := range strings.Fields(v) {
		// "NS110" and "NS:110" are "NS 110".
		if u := strings.ToUpper(w); len(w) > 2 && (strings.HasPrefix(u, "NS") || strings.HasPrefix(u, "EW")) {
			if rest := strings.TrimPrefix(w[2:], ":"); rest != "" {
				f = append(f, w[:2], rest)
			} else {
				f = append(f, w[:2])
			}
			continue
		}
		f = append(f, w)
	}
	if len(f) == 0 || len(f) == 1 && f[0] == "-" {
		return s, true
	}
	side := func(tag string) *stated {
		switch strings.ToUpper(tag) {
		case "NS":
			return &s.ns
		case "EW":
			return &s.ew
		}
		return nil
	}
	switch len(f) {
	case 1:
		if !decl.NS() {
			s.ew = parseStated(f[0], true)
			return s, s.ew.ok
		}
		s.ns = parseStated(f[0], false)
		return s, s.ns.ok
	case 2, 4:
		for i := 0; i < len(f); i += 2 {
			p := side(f[i])
			if p == nil || p.ok {
				return sides{}, false // no side, or one side twice
			}
			*p = parseStated(f[i+1], p == &s.ew)
			if !p.ok {
				return sides{}, false
			}
		}
		return s, true
	}
	return sides{}, false
}

// both reports whether the tag states both sides.
func (s sides) both() bool { return s.ns.ok && s.ew.ok }

// opposite reports whether a Score tag's sides agree: one side's number,
// or two that are opposite (rescoring.md §9).
func (s sides) opposite() bool { return !s.both() || s.ns.v == -s.ew.v }

// oneSide returns the value of the tag for the side it names, North-South's
// when it names both; turn maps an East-West value to North-South's (nil:
// keep it for East-West, as matchpoints whose top is not yet known).
func (s sides) oneSide(turn func(float64) float64) stated {
	switch {
	case s.ns.ok:
		return s.ns
	case s.ew.ok && turn != nil:
		x := s.ew
		x.v, x.ew = turn(x.v), false
		return x
	}
	return s.ew
}

// tol is the rounding two stated values may differ by: half of the last
// place of each.
func tol(a, b stated) float64 {
	return 0.5*math.Pow(10, -float64(a.places)) + 0.5*math.Pow(10, -float64(b.places)) + 1e-9
}

// readTags reads the record's stated values (ScoreMP, ScorePercentage,
// ScoreIMP) into e, North-South's view; a text that cannot be read, or two
// sides that disagree, is bad-stated-value and states nothing (rescoring.md
// §9). Matchpoints stating both sides keep their sum, checked against the
// top (or 0, centred) when the board is scored.
func (c *Collector) readTags(b *pbn.Board, e *entry) {
	if v := b.Tag("Score"); v != "" {
		// The Score tag is read where the play is not recorded; its text
		// is checked on every record.
		switch s, ok := readSides(v, e.declarer); {
		case !ok:
			c.badStated(e, pbn.Msg("board %s: %s %q cannot be read: not compared", e.board, "Score", v))
		case !s.opposite():
			c.badStated(e, pbn.Msg("board %s: %s %q: the two sides are not opposite: not compared", e.board, "Score", v))
		}
	}
	get := func(tag string) (sides, bool) {
		v := b.Tag(tag)
		s, ok := readSides(v, e.declarer)
		if !ok {
			c.badStated(e, pbn.Msg("board %s: %s %q cannot be read: not compared", e.board, tag, v))
		}
		return s, ok && e.played
	}
	if s, ok := get("ScoreMP"); ok {
		e.mp = s.oneSide(nil)
		if s.both() {
			e.mp.two, e.mp.sum = true, s.ns.v+s.ew.v
		}
	}
	if s, ok := get("ScorePercentage"); ok {
		if s.both() && math.Abs(s.ns.v+s.ew.v-100) > tol(s.ns, s.ew) {
			c.badStated(e, pbn.Msg("board %s: %s %q: the two sides do not sum to 100: not compared", e.board, "ScorePercentage", b.Tag("ScorePercentage")))
		} else {
			e.pct = s.oneSide(func(v float64) float64 { return 100 - v })
		}
	}
	if s, ok := get("ScoreIMP"); ok {
		if s.both() && math.Abs(s.ns.v+s.ew.v) > tol(s.ns, s.ew) {
			c.badStated(e, pbn.Msg("board %s: %s %q: the two sides are not opposite: not compared", e.board, "ScoreIMP", b.Tag("ScoreIMP")))
		} else {
			e.imp = s.oneSide(func(v float64) float64 { return -v })
		}
	}
}

// statedScore reads a Score tag ("NS 110", "EW -50", "NS 110 EW -110", or
// "110" for declarer's side) as North-South's score; ok is false for a
// text that is none of these, two sides that are not opposite (rescoring.md
// §9), or a score that is not a whole number.
func statedScore(v string, decl pbn.Seat) (ns int, ok bool) {
	s, ok := readSides(v, decl)
	if !ok || !s.opposite() {
		return 0, false
	}
	x := s.oneSide(func(v float64) float64 { return -v })
	if !x.ok || x.v != math.Trunc(x.v) || math.Abs(x.v) > 1e5 {
		return 0, false
	}
	return int(x.v), true
}

// badStated notes a bad-stated-value warning at the record.
func (c *Collector) badStated(e *entry, m pbn.Message) {
	c.problems = append(c.problems, pbn.Problem{File: e.file, Game: int(e.game), Line: int(e.line),
		Code: CodeBadStated, Severity: pbn.Warning, Text: m})
}

// decimal returns x, kept as a float32, back at the places the file wrote.
func decimal(x float32, places int8) float64 {
	p := math.Pow(10, float64(places))
	return math.Round(float64(x)*p) / p
}

// centredSession decides whether a session's matchpoints are centred on
// the average (MP − (n − 1), rescoring.md §9): the rows that state both
// sides sum to 0 on nearly every row (nine in ten), not to the top. It is
// decided for the session, so that one irregular board does not turn the
// reading.
func centredSession(es []*entry) bool {
	n, zero := 0, 0
	for _, e := range es {
		if e.art != nil {
			continue
		}
		if e.mp.two {
			n++
			if math.Abs(e.mp.sum) <= tol(e.mp, e.mp) {
				zero++
			}
		}
		// An individual event's North and East matchpoints.
		if p := e.players; p != nil && p.mp[0].ok && p.mp[1].ok {
			n++
			if math.Abs(p.mp[0].v+p.mp[1].v) <= tol(p.mp[0], p.mp[1]) {
				zero++
			}
		}
	}
	return n > 0 && zero*5 >= n*4
}

// forms is what a session's stated values say of their form (rescoring.md
// §9), decided once for the session.
type forms struct {
	centred bool // matchpoints centred on the average
	mean    bool // totals are the mean per board played (Scoring modifier Mean)
	// datumAway: the session's Butler datums round halves away from zero.
	datumAway bool
}

// cell reads a ScoreTable cell that states a value; a text that is not a
// number is bad-stated-value and states nothing (rescoring.md §9).
func (st *sessionState) cell(e *entry, col, v string, ew bool) stated {
	s := parseStated(v, ew)
	if !s.ok && strings.TrimSpace(v) != "" {
		st.problem(e, CodeBadStated, pbn.Msg("board %s: ScoreTable cell %s %q cannot be read: not compared", e.board, col, v))
	}
	return s
}

// formsOf reads the form of a session's stated values (rescoring.md §9):
// centred matchpoints, and the Scoring tag's modifier Mean (totals are the
// mean per board played; Sum, the default, and Neuberg change nothing
// here, MP1, MP2 and Butler-2 are read with the method).
func formsOf(es []*entry) forms {
	f := forms{centred: centredSession(es)}
	for _, e := range es {
		if e.scoring == "" {
			continue
		}
		for _, m := range strings.Split(e.scoring, ";") {
			if strings.EqualFold(strings.TrimSpace(m), "Mean") {
				f.mean = true
			}
		}
		break
	}
	return f
}

// parseStated reads a number as a file writes it ("3.5", "3,5", "+4",
// "-", "") with the places it is given to and its form (formatStated).
func parseStated(v string, ew bool) stated {
	comma := strings.IndexByte(v, ',') >= 0
	v = strings.Replace(v, ",", ".", 1)
	x, err := strconv.ParseFloat(v, 64)
	if err != nil || v == "" || math.IsInf(x, 0) || math.IsNaN(x) {
		return stated{}
	}
	places := 0
	if i := strings.IndexByte(v, '.'); i >= 0 {
		places = len(v) - i - 1
	}
	return stated{v: x, places: int8(min(places, 6)), ok: true, ew: ew,
		comma: comma, plus: v[0] == '+', point: v[len(v)-1] == '.'}
}

// formatStated writes v as the file writes its stated value s: rounded to
// s's places, with s's decimal separator, and a '+' before a positive
// number when s has one, a separator without decimals ("50.") when s
// ends in one (rescoring.md §9, §10). parseStated of the text
// is v rounded, and formatStated(parseStated(t)) is t for the texts a
// file states.
func formatStated(v float64, s stated) string {
	t := strconv.FormatFloat(v, 'f', int(s.places), 64)
	if strings.Trim(t, "-0.") == "" {
		t = strings.TrimPrefix(t, "-") // no "-0.0"
	}
	if s.plus && t[0] != '-' && strings.Trim(t, "0.") != "" {
		t = "+" + t
	}
	if s.point && s.places == 0 {
		t += "." // "50." (PBN 1.0 files)
	}
	if s.comma {
		t = strings.Replace(t, ".", ",", 1)
	}
	return t
}
