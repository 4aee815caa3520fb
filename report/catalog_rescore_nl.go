package report

// The Dutch texts of re-scoring (package rescore and its sheets), added
// to dutch at start-up; the same rules as catalog_nl.go.
func init() {
	for en, nl := range rescoreDutch {
		dutch[en] = nl
	}
}

var rescoreDutch = map[string]string{
	"board %s: %d of %d stated values reproduced: the new values are computed, not comparable":                                "spel %s: %d van %d opgegeven waarden gereproduceerd: de nieuwe waarden zijn berekend, niet vergelijkbaar",
	"board %s: %d results only, scored by the same formula":                                                                   "spel %s: slechts %d uitslagen, met dezelfde formule gescoord",
	"board %s: %d tables played a different deal under this number (fouled board): each deal is scored apart":                 "spel %s: %d tafels speelden onder dit nummer een andere verdeling (verwisseld spel): elke verdeling wordt apart gescoord",
	"board %s: a ScoreTable row has %d cells for %d columns: skipped":                                                         "spel %s: een rij van de ScoreTable heeft %d cellen voor %d kolommen: overgeslagen",
	"board %s: the table with the revoke is not a row of its ScoreTable: nothing changed":                                     "spel %s: de tafel met de verzaking is geen rij van de ScoreTable: niets gewijzigd",
	"pair %s is %s here but %s before: totals are kept under the id":                                                          "paar %s is hier %s maar eerder %s: de totalen blijven onder het nummer",
	"session %q: no scoring method (no Scoring tag or vugraph letter, no -scoring, or IMPs before 1962-09-01): not re-scored": "zitting %q: geen telling bekend (geen Scoring-tag of vugraph-letter, geen -scoring, of IMP's vóór 1962-09-01): niet herberekend",
	"session %q: one table only on every board, nothing to compare: not re-scored":                                            "zitting %q: op elk spel maar één tafel, niets te vergelijken: niet herberekend",
	"session %q: scoring IMP without Cross or Butler on a field of more than two tables: not re-scored":                       "zitting %q: telling IMP zonder Cross of Butler in een veld van meer dan twee tafels: niet herberekend",
	"Re-scored %d boards (%d of %d stated values reproduced); %d pairs or teams changed total or rank, %d changed rank.":      "%d spellen herberekend (%d van %d opgegeven waarden gereproduceerd); %d paren of teams veranderden van totaal of plaats, %d van plaats.",
}
