package rescore

import "revokes/pbn"

// The reasons a session is not re-scored (Session.Why, the rescore_session
// row's "why" beside "tag" and "flag"; rescoring.md §9 "Method against the
// session"). Stable codes: the report translates them for people.
const (
	WhyNoMethod     = "no-method"          // no Scoring tag, vugraph letter or -scoring
	WhyBefore1962   = "imp-before-1962"    // IMPs from the file, dated before 1962-09-01
	WhyOneTable     = "one-table"          // one table only on every board
	WhyPairsOnRooms = "pairs-on-two-rooms" // pairs scoring from a vugraph of two tables
	WhyTeamsOnField = "teams-on-field"     // imp or bam on a field of more than two tables
	WhyIndividual   = "teams-individual"   // imp or bam on an individual event's per-player values
)

// refusal returns why the session cannot be re-scored by method (taken
// from the file or the flag, why), with the problem code and the message
// that say so; "" when it can (rescoring.md §3, §9). early is set when the
// file's IMP method was dropped for a date before 1962-09-01; most is E.
func (st *sessionState) refusal(es []*entry, method, why string, early bool, most int) (reason, code string, m pbn.Message) {
	name := sessionName(es[0])
	switch {
	case method == "" && early:
		return WhyBefore1962, CodeMethodUnknown, pbn.Msg("session %q: IMPs dated before 1962-09-01 are not reckoned on the Law 78B scale unless -scoring says so: not re-scored", name)
	case method == "":
		return WhyNoMethod, CodeMethodUnknown, pbn.Msg("session %q: no scoring method (no Scoring tag or vugraph letter, none that fits the Competition, no -scoring): not re-scored", name)
	case most < 2:
		return WhyOneTable, CodeFieldMissing, pbn.Msg("session %q: one table only on every board, nothing to compare: not re-scored", name)
	case why == "tag" && (method == "mp" || method == "mp2") && most <= 2 && rooms(es):
		// The file's pairs scoring on the two rooms shown (a vugraph's
		// letter P): the field is larger than the record (rescoring.md
		// §3). A match scored by -scoring mp is allowed, top 2 (§9).
		return WhyPairsOnRooms, CodeMethodUnknown, pbn.Msg("session %q: pairs scoring on a two-room record: not re-scored", name)
	case (method == "imp" || method == "bam") && individual(es):
		// Per-player columns: an individual event, which a teams method
		// cannot score (rescoring.md §9).
		return WhyIndividual, CodeMethodUnknown, pbn.Msg("session %q: per-player values (an individual event) cannot be scored by %s, a teams method: not re-scored", name, method)
	case (method == "imp" || method == "bam") && most > 2:
		// A teams method compares two rooms of one match: on a field of
		// more than two tables it has no twin to compare (rescoring.md
		// §9), whether the file or -scoring named it.
		if method == "imp" && why == "tag" {
			return WhyTeamsOnField, CodeMethodUnknown, pbn.Msg("session %q: scoring IMP without Cross or Butler on a field of %d tables: not re-scored", name, most)
		}
		return WhyTeamsOnField, CodeMethodUnknown, pbn.Msg("session %q: %s compares the two rooms of a match, but a board has %d tables: not re-scored", name, method, most)
	}
	return "", "", pbn.Message{}
}

// segment marks a board read under a LIN vg header: its session is its
// file's segment, never the event name or the header's text, and the
// segment's name (the reader's Round) is its section (rescoring.md §9).
func (c *Collector) segment(e *entry, b *pbn.Board) {
	if b.Format != pbn.FormatLIN {
		return
	}
	for _, k := range [...]string{"Event", "Round", "HomeTeam", "VisitTeam", "Scoring"} {
		if b.Tag(k) != "" {
			e.vugraph = true
			break
		}
	}
	if e.vugraph && e.section == "" {
		e.section = e.round
	}
}
