package report

// The Dutch texts of the sessions checked by re-scoring (rescoring.md §9:
// the methods refused for a session, the vugraph carry-overs, the Checks
// block of the Summary sheet), added to dutch at start-up; the same rules
// as catalog_nl.go.
func init() {
	for en, nl := range rescoreSessionsDutch {
		dutch[en] = nl
	}
}

var rescoreSessionsDutch = map[string]string{
	"session %q: IMPs dated before 1962-09-01 are not reckoned on the Law 78B scale unless -scoring says so: not re-scored":        "zitting %q: IMP's van vóór 1962-09-01 worden niet op de schaal van art. 78B gerekend tenzij -scoring dat zegt: niet herberekend",
	"session %q: no scoring method (no Scoring tag or vugraph letter, none that fits the Competition, no -scoring): not re-scored": "zitting %q: geen telling bekend (geen Scoring-tag of vugraph-letter, geen die bij de Competition past, geen -scoring): niet herberekend",
	"session %q: scoring IMP without Cross or Butler on a field of %d tables: not re-scored":                                       "zitting %q: telling IMP zonder Cross of Butler in een veld van %d tafels: niet herberekend",
	"session %q: %s compares the two rooms of a match, but a board has %d tables: not re-scored":                                   "zitting %q: %s vergelijkt de twee zalen van een wedstrijd, maar een spel heeft %d tafels: niet herberekend",

	"carry-overs %s: not a number, not checked":                                                  "meegenomen IMP's %s: geen getal, niet gecontroleerd",
	"carry-overs %s: the two teams are not named apart, not checked":                             "meegenomen IMP's %s: de twee teams zijn niet van elkaar te onderscheiden, niet gecontroleerd",
	"carry-overs %s: no previous segment of the match in the input, not checked":                 "meegenomen IMP's %s: geen vorig segment van de wedstrijd ingelezen, niet gecontroleerd",
	"carry-overs %s: %d files claim the previous segment %q, not checked":                        "meegenomen IMP's %s: %d bestanden zijn het vorige segment %q, niet gecontroleerd",
	"carry-overs %s: the previous segment %q (%s) was not re-scored by teams IMPs, not checked":  "meegenomen IMP's %s: het vorige segment %q (%s) is niet met viertallen-IMP's herberekend, niet gecontroleerd",
	"carry-overs %s: the previous segment %q (%s) has boards without both rooms, not checked":    "meegenomen IMP's %s: het vorige segment %q (%s) heeft spellen zonder beide zalen, niet gecontroleerd",
	"segment %q: %s carries over %s IMPs, but %v carried into %q (%s) plus %v won there make %v": "segment %q: %s neemt %s IMP's mee, maar %v meegenomen naar %q (%s) plus %v daar gewonnen maakt %v",

	"; %d of %d totals (TotalScoreTable, vugraph carry-overs) reproduced": "; %d van %d totalen (TotalScoreTable, meegenomen IMP's van de vugraph) gereproduceerd",

	"Checks":            "Controles",
	"Session":           "Zitting",
	"Method and why":    "Telling en waarom",
	"Stated":            "Opgegeven",
	"Reproduced":        "Gereproduceerd",
	"Totals stated":     "Totalen opgegeven",
	"Totals reproduced": "Totalen gereproduceerd",
	"the CSV and JSON Lines reports list every session": "de CSV- en JSON Lines-rapporten noemen elke zitting",
	"%s, from the file (Scoring tag or vugraph letter)": "%s, uit het bestand (Scoring-tag of vugraph-letter)",
	"%s, from -scoring": "%s, uit -scoring",
	"not re-scored: IMPs dated before 1962-09-01 (method-unknown); -scoring names a method":                 "niet herberekend: IMP's van vóór 1962-09-01 (method-unknown); -scoring noemt een telling",
	"not re-scored: pairs scoring on the two rooms of a vugraph (method-unknown)":                           "niet herberekend: parentelling op de twee zalen van een vugraph (method-unknown)",
	"not re-scored: %s compares the two rooms of a match, but the boards have more tables (method-unknown)": "niet herberekend: %s vergelijkt de twee zalen van een wedstrijd, maar de spellen hebben meer tafels (method-unknown)",
	"not re-scored (%s)":                                "niet herberekend (%s)",
	"Stated values reproduced":                          "Opgegeven waarden gereproduceerd",
	"%d of %d (board values and totals, every session)": "%d van %d (spelwaarden en totalen, alle zittingen)",
}
