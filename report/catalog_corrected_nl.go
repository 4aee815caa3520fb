package report

// The Dutch texts of the corrected archive (-corrected, rescoring.md §10),
// added to dutch at start-up; the same rules as catalog_nl.go. A key
// already in dutch keeps its text.
var dutchCorrected = map[string]string{
	"Corrected copies": "Gecorrigeerde kopieën",
	"%d PBN files written under %s; LIN inputs are not copied (%d with a changed board)":                   "%d PBN-bestanden geschreven in %s; LIN-invoer wordt niet gekopieerd (%d met een veranderd spel)",
	"Corrected copies: %d PBN files written under %s; LIN inputs are not copied (%d with a changed board)": "Gecorrigeerde kopieën: %d PBN-bestanden geschreven in %s; LIN-invoer wordt niet gekopieerd (%d met een veranderd spel)",
	"-corrected %s: not a folder":                                                        "-corrected %s: geen map",
	"the record of line %d is not in the file: not corrected":                            "het verslag van regel %d staat niet in het bestand: niet gecorrigeerd",
	"no record starts at line %d: not corrected":                                         "op regel %d begint geen verslag: niet gecorrigeerd",
	"standard input cannot be read a second time: no corrected copy":                     "de standaardinvoer kan niet nog eens gelezen worden: geen gecorrigeerde kopie",
	"cannot read the input a second time: %v":                                            "kan de invoer niet nog eens lezen: %v",
	"the input was not found a second time: no corrected copy":                           "de invoer werd niet nog eens gevonden: geen gecorrigeerde kopie",
	"no corrected copy: the member's path leaves the folder %s (laws.md A17)":            "geen gecorrigeerde kopie: het pad van het archiefdeel verlaat de map %s (laws.md A17)",
	"no corrected copy: the input's name gives no file name":                             "geen gecorrigeerde kopie: de naam van de invoer geeft geen bestandsnaam",
	"no corrected copy: %v":                                                              "geen gecorrigeerde kopie: %v",
	"no corrected copy: %s is a folder":                                                  "geen gecorrigeerde kopie: %s is een map",
	"no corrected copy: %s is an input of the run, never overwritten":                    "geen gecorrigeerde kopie: %s is invoer van deze run en wordt nooit overschreven",
	"the record of line %d has no %s tag: its new value is not written":                  "het verslag van regel %d heeft geen %s-tag: de nieuwe waarde is niet geschreven",
	"the record of line %d: %s %q is not in a form that can be rewritten: left as it is": "het verslag van regel %d: %s %q staat niet in een vorm die herschreven kan worden: gelaten zoals het was",
	"the record of line %d: the %s has no row %d: its new values are not written":        "het verslag van regel %d: de %s heeft geen rij %d: de nieuwe waarden zijn niet geschreven",
}

func init() {
	for en, nl := range dutchCorrected {
		if _, dup := dutch[en]; !dup {
			dutch[en] = nl
		}
	}
}
