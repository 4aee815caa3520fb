package report

// dutchRulings holds the Dutch texts of the ruling facts and the Rulings
// sheet (rulings.go), kept apart from catalog_nl.go so that the two grow
// without conflict; init adds them to the one catalog (dutch). Terms
// follow laws.md §0: verzaking, voldongen, blinde, leider, tegenspeler,
// afspel, uitgave.
var dutchRulings = map[string]string{
	// Revokes sheet columns.
	"Offender's name": "Naam overtreder",
	"Deal":            "Verdeling",
	"Auction":         "Bieding",
	"Trick cards":     "Kaarten van de slag",
	"Scoring":         "Telling",
}

func init() {
	for en, nl := range dutchRulings {
		if _, dup := dutch[en]; !dup {
			dutch[en] = nl
		}
	}
}
